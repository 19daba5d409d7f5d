package org.tracejudge.agreement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Agreement that follows label edits. Per-pair confusion counts, per-item category counts and the
 * Fleiss and alpha sums ({@link LiveFleissSums}, {@link LiveAlphaSums}) are updated in O(raters + labels) per
 * {@link #set}/{@link #withdraw};
 * {@link #snapshot()} derives every point coefficient from them in O(pairs × labels²), giving the
 * same figures as {@link AgreementCalculator} on the same labels.
 *
 * <p>Bootstrap intervals are recomputed in the background on an executor after edits (one run at a
 * time; edits during a run trigger one more run); the snapshot says whether they are stale. With a
 * {@linkplain #setQuietPeriod quiet period} a run starts only once edits have paused that long, and a run
 * overtaken by an edit is dropped at once rather than finished: someone labelling steadily keeps the
 * background work (seconds of a core on a big table) off the machine until they pause.
 * A label not seen before triggers a full rebuild of the counts (O(items × raters)); a new rater only widens them.
 * Thread-safe: all methods synchronise on this object.
 */
public final class LiveAgreement implements AutoCloseable {
    private final AgreementOptions options;
    private final List<String> fleissNames; // null: all raters
    private final ExecutorService executor;
    private final boolean ownExecutor;

    private final List<String> raters = new ArrayList<>();
    private final Map<String, Integer> raterIndex = new HashMap<>();
    private final List<String> labels = new ArrayList<>(); // arrival order
    private final Map<String, Integer> labelIndex = new HashMap<>();
    private final List<String> items = new ArrayList<>();
    private final Map<String, Integer> itemIndex = new HashMap<>();
    private final List<Map<String, String>> strata = new ArrayList<>();

    // per item state
    private int[][] codes = new int[16][]; // [item][rater], -1 missing
    private final LiveAlphaSums alpha = new LiveAlphaSums();
    private final LiveFleissSums fleiss = new LiveFleissSums();
    private int labelledItems;

    private boolean[] inFleiss = new boolean[0];
    private AgreementCounts counts;

    private volatile long version; // written under the lock; read without it by a running bootstrap
    private volatile long quietNanos;
    private long lastEdit = System.nanoTime();
    private long computing = -1;
    private int abandoned;
    private boolean running;
    private Interval[] intervals;
    private List<String> intervalRaters;
    private List<String> intervalLabels;
    private long intervalsVersion = -1;
    private final List<CompletableFuture<LiveSnapshot>> waiting = new ArrayList<>();
    private volatile boolean closed;
    private boolean bulk;

    /**
     * @param raters    the raters known from the start (more may appear through {@link #set})
     * @param options   Fleiss rater set (null: all raters), bootstrap resamples (0: no background intervals),
     *                  seed and threads
     * @param executor  where bootstrap runs go; null for a private single-thread daemon executor
     */
    public LiveAgreement(List<String> raters, AgreementOptions options, ExecutorService executor) {
        this.options = options;
        this.fleissNames = options.fleissRaters();
        this.ownExecutor = executor == null;
        this.executor = executor != null
                ? executor
                : Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "live-agreement-bootstrap");
                    t.setDaemon(true);
                    return t;
                });
        for (String r : raters) {
            raterIndex.computeIfAbsent(r, k -> {
                this.raters.add(k);
                return this.raters.size() - 1;
            });
        }
        rebuild();
    }

    public LiveAgreement(List<String> raters, AgreementOptions options) {
        this(raters, options, null);
    }

    /** A live engine loaded with a table's labels and strata (one background bootstrap run follows). */
    public static LiveAgreement of(LabelTable t, AgreementOptions options) {
        LiveAgreement live = new LiveAgreement(t.raters(), options, null);
        synchronized (live) {
            live.bulk = true;
            live.load(t);
            live.bulk = false;
            live.scheduleIntervals();
        }
        return live;
    }

    /**
     * {@link #of}'s work: the state that {@link #set} of every label of the table (item by item, rater by rater) and
     * then {@link #setStrata} of every item would leave, reached from the table's codes without a look-up by name per
     * label: at a million items, seconds instead of three million map look-ups. The labels take the order in which
     * those calls would meet them, the items the order those calls would add them in (labelled ones first), and the
     * version counts the labels set; each item shares the table's strata map until {@link #setStrata} changes it.
     */
    private synchronized void load(LabelTable t) {
        int nr = t.raterCount();
        int[] raterOf = new int[nr];
        for (int r = 0; r < nr; r++) {
            raterOf[r] = raterIndex.get(t.raters().get(r));
        }
        int[] labelOf = new int[t.labelCount()];
        Arrays.fill(labelOf, -1);
        long set = 0;
        boolean newLabels = false;
        for (int i = 0; i < t.itemCount(); i++) {
            for (int r = 0; r < nr; r++) {
                int c = t.code(i, r);
                if (c != LabelTable.MISSING) {
                    set++;
                    if (labelOf[c] < 0) {
                        String label = t.labels().get(c);
                        Integer k = labelIndex.get(label);
                        if (k == null) {
                            labels.add(label);
                            k = labels.size() - 1;
                            labelIndex.put(label, k);
                            newLabels = true;
                        }
                        labelOf[c] = k;
                    }
                }
            }
        }
        if (newLabels) {
            rebuild();
        }
        int[] live = new int[t.itemCount()];
        for (int i = 0; i < t.itemCount(); i++) {
            live[i] = -1;
            for (int r = 0; r < nr; r++) {
                int c = t.code(i, r);
                if (c != LabelTable.MISSING) {
                    if (live[i] < 0) {
                        live[i] = item(t.items().get(i));
                    }
                    if (codes[live[i]][raterOf[r]] != labelOf[c]) {
                        update(live[i], raterOf[r], labelOf[c]);
                    }
                }
            }
        }
        // a read-only view per distinct strata map (a million items share a few thousand)
        java.util.IdentityHashMap<Map<String, String>, Map<String, String>> views = new java.util.IdentityHashMap<>();
        for (int i = 0; i < t.itemCount(); i++) {
            int li = live[i] >= 0 ? live[i] : item(t.items().get(i));
            Map<String, String> st = t.strata(i);
            if (st != null && !st.isEmpty()) {
                if (strata.get(li).isEmpty()) {
                    strata.set(li, views.computeIfAbsent(st, Collections::unmodifiableMap)); // copied once changed
                } else {
                    ownStrata(li).putAll(st);
                }
            }
        }
        version += set;
        lastEdit = System.nanoTime();
    }

    /** The strata map of item {@code i}, its own and modifiable (a shared or empty one is copied first). */
    private Map<String, String> ownStrata(int i) {
        Map<String, String> m = strata.get(i);
        if (!(m instanceof HashMap)) {
            m = new HashMap<>(m);
            strata.set(i, m);
        }
        return m;
    }

    /** Adds or changes the label of {@code rater} on {@code item}. */
    public synchronized void set(String item, String rater, String label) {
        if (label == null) {
            withdraw(item, rater);
            return;
        }
        if (internalSet(item, rater, label)) {
            version++;
            lastEdit = System.nanoTime();
            scheduleIntervals();
        }
    }

    /** Removes the label of {@code rater} on {@code item}, if any. */
    public synchronized void withdraw(String item, String rater) {
        Integer i = itemIndex.get(item);
        Integer r = raterIndex.get(rater);
        if (i == null || r == null || codes[i][r] < 0) {
            return;
        }
        update(i, r, -1);
        version++;
        lastEdit = System.nanoTime();
        scheduleIntervals();
    }

    /**
     * How long (ms) edits must pause before a bootstrap run starts (default zero: at once). Meanwhile, and while a
     * run is dropped for a newer edit, snapshots keep the last intervals and say they are stale.
     */
    public synchronized void setQuietPeriod(long millis) {
        quietNanos = Math.max(0, millis) * 1_000_000L;
    }

    /** Sets strata attributes of an item (used by {@link #toTable()}; not by the coefficients). */
    public synchronized void setStrata(String item, Map<String, String> attributes) {
        int i = item(item);
        ownStrata(i).putAll(attributes);
    }

    private boolean internalSet(String item, String rater, String label) {
        boolean newRater = false;
        boolean newLabel = false;
        if (!raterIndex.containsKey(rater)) {
            raters.add(rater);
            raterIndex.put(rater, raters.size() - 1);
            newRater = true;
        }
        if (!labelIndex.containsKey(label)) {
            labels.add(label);
            labelIndex.put(label, labels.size() - 1);
            newLabel = true;
        }
        int i = item(item);
        if (newLabel) {
            rebuild();
        } else if (newRater) {
            addRater();
        }
        int r = raterIndex.get(rater);
        int k = labelIndex.get(label);
        if (codes[i][r] == k) {
            return false;
        }
        update(i, r, k);
        return true;
    }

    private int item(String item) {
        Integer i = itemIndex.get(item);
        if (i != null) {
            return i;
        }
        int n = items.size();
        if (n == codes.length) {
            int cap = n * 2;
            codes = Arrays.copyOf(codes, cap);
            alpha.grow(cap);
            fleiss.grow(cap);
        }
        items.add(item);
        itemIndex.put(item, n);
        strata.add(Map.of());
        codes[n] = new int[raters.size() + SPARE_RATERS];
        Arrays.fill(codes[n], -1);
        alpha.clear(n, labels.size());
        fleiss.clear(n, labels.size());
        return n;
    }

    /** Moves cell (i, r) to code k (-1 = missing), updating all counts in O(raters + labels). */
    private void update(int i, int r, int k) {
        int[] row = codes[i];
        int old = row[r];
        int nr = raters.size();
        int nl = labels.size();
        // pairs involving r
        for (int s = 0; s < nr; s++) {
            int cs = row[s];
            if (s == r || cs < 0) {
                continue;
            }
            long[] conf =
                    counts.confusion[r < s ? AgreementCounts.pairIndex(r, s, nr) : AgreementCounts.pairIndex(s, r, nr)];
            if (old >= 0) {
                conf[r < s ? old * nl + cs : cs * nl + old]--;
            }
            if (k >= 0) {
                conf[r < s ? k * nl + cs : cs * nl + k]++;
            }
        }
        // alpha and prevalence: remove the item's contribution, change, add it back
        alpha.change(counts, i, old, k);
        if (inFleiss[r]) {
            fleiss.change(counts, i, old, k);
        }
        if (old < 0 && k >= 0 && alpha.given(i) == 1) {
            labelledItems++;
        } else if (old >= 0 && k < 0 && alpha.given(i) == 0) {
            labelledItems--;
        }
        row[r] = k;
    }

    /**
     * Room kept in each item's row of codes for raters that join later (an annotator's first decision makes them one):
     * {@link #addRater} then changes no row, where growing every row of a million items took most of the 0.3–0.5 s the
     * FX thread stalled on that decision.
     */
    private static final int SPARE_RATERS = 2;

    /**
     * After a new rater (whose label is not yet set) and no new label: the counts as {@link #rebuild} would make them,
     * in O(items) array-length checks instead of O(items × raters) updates. The new rater labels no item yet, so the
     * pairs with it are empty; alpha and prevalence do not depend on the rater set; and Fleiss, when the rater is in its
     * set, has no complete item any more (else it is unchanged).
     */
    private void addRater() {
        int nr = raters.size();
        int added = nr - 1;
        AgreementCounts old = counts;
        inFleiss = Arrays.copyOf(inFleiss, nr);
        inFleiss[added] = fleissNames == null || fleissNames.contains(raters.get(added));
        List<Integer> f = new ArrayList<>();
        for (int r = 0; r < nr; r++) {
            if (inFleiss[r]) {
                f.add(r);
            }
        }
        counts = new AgreementCounts(
                raters, labels, f.stream().mapToInt(Integer::intValue).toArray());
        for (int p = 0; p < old.pairs.length; p++) {
            long[] from = old.confusion[p];
            System.arraycopy(
                    from,
                    0,
                    counts.confusion[AgreementCounts.pairIndex(old.pairs[p][0], old.pairs[p][1], nr)],
                    0,
                    from.length);
        }
        counts.alphaItems = old.alphaItems;
        System.arraycopy(old.alphaSum, 0, counts.alphaSum, 0, old.alphaSum.length);
        System.arraycopy(old.alphaT, 0, counts.alphaT, 0, old.alphaT.length);
        System.arraycopy(old.labelTotals, 0, counts.labelTotals, 0, old.labelTotals.length);
        if (!inFleiss[added]) {
            counts.fleissItems = old.fleissItems;
            System.arraycopy(old.fleissSum, 0, counts.fleissSum, 0, old.fleissSum.length);
            System.arraycopy(old.fleissSq, 0, counts.fleissSq, 0, old.fleissSq.length);
        }
        for (int i = 0; i < items.size(); i++) {
            int[] row = codes[i];
            if (row.length < nr) {
                int[] wider = Arrays.copyOf(row, nr + SPARE_RATERS);
                Arrays.fill(wider, row.length, wider.length, -1);
                codes[i] = wider;
            }
        }
    }

    /** Rebuilds every count from the stored codes (after a new rater or label). */
    private void rebuild() {
        int nr = raters.size();
        int nl = labels.size();
        inFleiss = new boolean[nr];
        List<Integer> f = new ArrayList<>();
        for (int r = 0; r < nr; r++) {
            if (fleissNames == null || fleissNames.contains(raters.get(r))) {
                inFleiss[r] = true;
                f.add(r);
            }
        }
        counts = new AgreementCounts(
                raters, labels, f.stream().mapToInt(Integer::intValue).toArray());
        int[][] old = new int[items.size()][];
        for (int i = 0; i < items.size(); i++) {
            old[i] = codes[i];
            codes[i] = new int[nr + SPARE_RATERS];
            Arrays.fill(codes[i], -1);
            alpha.clear(i, nl);
            fleiss.clear(i, nl);
        }
        labelledItems = 0;
        for (int i = 0; i < items.size(); i++) {
            for (int r = 0; r < old[i].length; r++) {
                if (old[i][r] >= 0) {
                    update(i, r, old[i][r]);
                }
            }
        }
    }

    public synchronized long version() {
        return version;
    }

    /** Every point coefficient now, plus the latest (possibly stale) intervals. */
    public synchronized LiveSnapshot snapshot() {
        AgreementCounts canonical = canonicalCounts();
        PointEstimates pe = Coefficients.all(canonical, labelledItems);
        Interval[] iv =
                intervals != null && canonical.raters.equals(intervalRaters) && canonical.labels.equals(intervalLabels)
                        ? intervals
                        : null;
        AgreementReport report =
                ReportAssembler.assemble(pe, iv, iv == null ? null : new AgreementCalculator(options).bootstrapInfo());
        return new LiveSnapshot(version, pe, report, intervalsVersion != version, intervalsVersion);
    }

    /** The counts with unused labels dropped and the rest in the canonical (sorted) label order. */
    private AgreementCounts canonicalCounts() {
        List<String> order = usedLabelsInOrder();
        int ul = order.size();
        int[] src = new int[ul];
        for (int j = 0; j < ul; j++) {
            src[j] = labelIndex.get(order.get(j));
        }
        return counts.relabelled(order, src);
    }

    /** The labels some rater gives now, in the canonical (sorted) order. */
    private List<String> usedLabelsInOrder() {
        List<String> used = new ArrayList<>();
        for (int k = 0; k < labels.size(); k++) {
            if (counts.labelTotals[k] > 0) {
                used.add(labels.get(k));
            }
        }
        return LabelTable.canonicalOrder(used);
    }

    /** The current labels as a table (raters in their known order, items with at least one label). */
    public synchronized LabelTable toTable() {
        return copyTable(true);
    }

    /**
     * The labels as a table, copied straight from the codes (call under the lock): one array per labelled item, and
     * the strata only if asked. The bootstrap's copy of a big table is then a few megabytes of short-lived arrays
     * rather than maps and boxed keys that the collector must copy between generations.
     */
    private LabelTable copyTable(boolean withStrata) {
        List<String> order = usedLabelsInOrder();
        int[] remap = new int[labels.size()];
        for (int j = 0; j < order.size(); j++) {
            remap[labelIndex.get(order.get(j))] = j;
        }
        int nr = raters.size();
        List<String> kept = new ArrayList<>();
        List<int[]> rows = new ArrayList<>();
        List<Map<String, String>> st = withStrata ? new ArrayList<>() : null;
        for (int i = 0; i < items.size(); i++) {
            if (alpha.given(i) == 0) {
                continue;
            }
            int[] from = codes[i];
            int[] to = new int[nr];
            for (int r = 0; r < nr; r++) {
                to[r] = r < from.length && from[r] >= 0 ? remap[from[r]] : LabelTable.MISSING;
            }
            rows.add(to);
            kept.add(items.get(i));
            if (st != null) {
                Map<String, String> m = strata.get(i);
                st.add(m.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m)));
            }
        }
        return LabelTable.ofCodes(kept, raters, order, rows.toArray(new int[0][]), st);
    }

    /** The version whose intervals are being computed now (the table copied, the bootstrap running), or -1. */
    public synchronized long computingVersion() {
        return computing;
    }

    /** How many interval runs an edit overtook (each dropped and started again once edits paused). */
    public synchronized int abandonedRuns() {
        return abandoned;
    }

    /** Completes with a snapshot whose intervals are fresh (immediately if they already are). */
    public synchronized CompletableFuture<LiveSnapshot> whenIntervalsFresh() {
        CompletableFuture<LiveSnapshot> f = new CompletableFuture<>();
        if (options.resamples() == 0) {
            f.completeExceptionally(new IllegalStateException("bootstrap disabled (resamples = 0)"));
        } else if (intervalsVersion == version) {
            f.complete(snapshot());
        } else {
            waiting.add(f);
            scheduleIntervals();
        }
        return f;
    }

    private void scheduleIntervals() {
        if (options.resamples() == 0 || running || closed || bulk) {
            return;
        }
        running = true;
        executor.execute(this::recompute);
    }

    private void recompute() {
        while (!closed) {
            if (!awaitQuiet()) {
                break;
            }
            LabelTable t;
            long v;
            synchronized (this) { // only the copy is made under the lock: decisions never wait for the table
                t = copyTable(false);
                v = version;
                computing = v;
            }
            Interval[] iv;
            try {
                iv = new AgreementCalculator(options)
                        .bootstrap()
                        .intervals(
                                t,
                                AgreementCalculator.fleissIndices(t, fleissNames),
                                () -> closed || (quietNanos > 0 && version != v));
            } catch (Bootstrap.Abandoned e) {
                synchronized (this) {
                    abandoned++;
                    computing = -1;
                }
                continue; // overtaken by an edit (or closed): start again once edits pause
            } catch (RuntimeException e) {
                synchronized (this) {
                    running = false;
                    for (CompletableFuture<LiveSnapshot> f : waiting) {
                        f.completeExceptionally(e);
                    }
                    waiting.clear();
                }
                return;
            }
            synchronized (this) {
                computing = -1;
                intervals = iv;
                intervalRaters = t.raters();
                intervalLabels = t.labels();
                intervalsVersion = v;
                if (version == v) {
                    running = false;
                    LiveSnapshot s = snapshot();
                    for (CompletableFuture<LiveSnapshot> f : waiting) {
                        f.complete(s);
                    }
                    waiting.clear();
                    return;
                }
            }
        }
        synchronized (this) { // closed: nobody will compute these intervals now
            running = false;
            for (CompletableFuture<LiveSnapshot> f : waiting) {
                f.completeExceptionally(new CancellationException("agreement closed"));
            }
            waiting.clear();
        }
    }

    /** Sleeps until no edit has come for the quiet period; false if closed meanwhile. */
    private boolean awaitQuiet() {
        while (!closed) {
            long wait;
            synchronized (this) {
                wait = quietNanos - (System.nanoTime() - lastEdit);
            }
            if (wait <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.max(1, wait / 1_000_000), (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    @Override
    public void close() {
        closed = true;
        if (ownExecutor) {
            executor.shutdownNow();
        }
    }
}
