package org.tracejudge.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LiveAgreementTest {

    /**
     * Property: after every step of a random edit sequence (add, change, withdraw, a rater and labels
     * appearing mid-way) the live snapshot equals a from-scratch computation to 1e-12.
     */
    @Test
    void randomEditSequencesMatchFromScratch() {
        int steps = 0;
        for (long seed = 1; seed <= 6; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            boolean numeric = seed % 2 == 0;
            List<String> raters = new ArrayList<>(List.of("rule", "judge1", "judge2", "final"));
            // seeds 5 and 6: Fleiss over every rater, so each rater who joins enters it
            AgreementOptions opts = seed <= 4
                    ? AgreementOptions.defaults()
                            .withResamples(0)
                            .withFleissRaters(List.of("rule", "judge1", "judge2", "alice"))
                    : AgreementOptions.defaults().withResamples(0);
            // alice joins the Fleiss set, bob (seeds 1-4) stays out of it
            List<String> withAlice = List.of("rule", "judge1", "judge2", "final", "alice", "bob");
            Map<String, Map<String, String>> truth = new LinkedHashMap<>();
            AgreementCalculator scratch = new AgreementCalculator(opts);
            try (LiveAgreement live = new LiveAgreement(raters, opts)) {
                int items = 10 + rng.nextInt(40);
                for (int step = 0; step < 2500; step++) {
                    List<String> pool = step < 700 ? raters : withAlice; // a human annotator joins
                    String item = "t" + rng.nextInt(items);
                    String rater = pool.get(rng.nextInt(pool.size()));
                    int labelSpace = step < 300 ? 2 : step < 1200 ? 4 : 6;
                    String label = numeric
                            ? Integer.toString(rng.nextInt(Math.min(labelSpace, 4)))
                            : "L" + (char) ('a' + skewed(rng, labelSpace));
                    if (rng.nextInt(4) == 0) {
                        live.withdraw(item, rater);
                        Map<String, String> row = truth.get(item);
                        if (row != null) {
                            row.remove(rater);
                        }
                    } else {
                        live.set(item, rater, label);
                        if (!raters.contains(rater)) {
                            raters.add(rater);
                        }
                        truth.computeIfAbsent(item, k -> new LinkedHashMap<>()).put(rater, label);
                    }
                    LabelTable.Builder b = LabelTable.builder();
                    for (String r : raters) {
                        b.addRater(r);
                    }
                    truth.forEach((it, row) -> row.forEach((r, l) -> b.add(it, r, l)));
                    PointEstimates expected = scratch.points(b.build());
                    Same.points(expected, live.snapshot().points(), 1e-12, "seed " + seed + " step " + step);
                    steps++;
                }
                Same.points(scratch.points(live.toTable()), live.snapshot().points(), 1e-12, "toTable");
            }
        }
        assertEquals(15_000, steps);
    }

    /**
     * {@link LiveAgreement#of} loads a table from its codes; it must leave what setting each of the table's labels (item
     * by item, rater by rater) and then each item's strata would: the same points, table, version and intervals, and
     * the same state under the edits that follow (a shared strata map is copied when one item's strata change).
     */
    @Test
    void loadingATableEqualsSettingEachLabel() throws Exception {
        for (long seed = 1; seed <= 8; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            LabelTable.Builder b = LabelTable.builder();
            List<String> raters = List.of("harness", "rule", "judge", "ana", "nobody");
            raters.forEach(b::addRater);
            int items = 20 + rng.nextInt(200);
            List<Map<String, String>> strataKinds =
                    List.of(Map.of("model", "m1", "domain", "travel"), Map.of("model", "m2"), Map.of());
            for (int i = 0; i < items; i++) {
                String item = "t" + i;
                b.addItem(item); // some items keep no label
                for (String r : raters.subList(0, 4)) {
                    if (rng.nextInt(3) > 0) {
                        b.add(item, r, "L" + skewed(rng, 2 + (int) (seed % 4)));
                    }
                }
                b.strata(item, strataKinds.get(rng.nextInt(strataKinds.size())));
            }
            LabelTable t = b.build();
            AgreementOptions opts = seed % 2 == 0
                    ? AgreementOptions.defaults().withResamples(0)
                    : AgreementOptions.defaults().withResamples(50).withSeed(seed);
            try (LiveAgreement loaded = LiveAgreement.of(t, opts);
                    LiveAgreement stepwise = new LiveAgreement(t.raters(), opts)) {
                for (LabelTable.Triple tr : t.triples()) {
                    stepwise.set(tr.item(), tr.rater(), tr.label());
                }
                for (int i = 0; i < t.itemCount(); i++) {
                    stepwise.setStrata(t.items().get(i), t.strata(i));
                }
                String what = "seed " + seed;
                same(stepwise, loaded, what);
                if (opts.resamples() > 0) {
                    AgreementReport x = stepwise.whenIntervalsFresh()
                            .get(60, TimeUnit.SECONDS)
                            .report();
                    AgreementReport y = loaded.whenIntervalsFresh()
                            .get(60, TimeUnit.SECONDS)
                            .report();
                    for (int p = 0; p < x.pairwise().size(); p++) {
                        org.junit.jupiter.api.Assertions.assertArrayEquals(
                                x.pairwise().get(p).ci95(), y.pairwise().get(p).ci95(), what + ": interval " + p);
                    }
                    org.junit.jupiter.api.Assertions.assertArrayEquals(
                            x.alpha().ci95(), y.alpha().ci95(), what + ": alpha interval");
                    assertNotNull(x.alpha().ci95(), what + ": an alpha interval to compare");
                }
                for (int step = 0; step < 300; step++) {
                    String item = "t" + rng.nextInt(items + 5);
                    String rater = raters.get(rng.nextInt(raters.size()));
                    int what2 = rng.nextInt(5);
                    for (LiveAgreement live : List.of(stepwise, loaded)) {
                        if (what2 == 0) {
                            live.withdraw(item, rater);
                        } else if (what2 == 1) {
                            live.setStrata(item, Map.of("reviewed", "yes"));
                        } else {
                            live.set(item, rater, "L" + (what2 + step % 3));
                        }
                    }
                }
                same(stepwise, loaded, what + " after edits");
            }
        }
    }

    private static void same(LiveAgreement want, LiveAgreement got, String what) {
        assertEquals(want.version(), got.version(), what + ": version");
        Same.points(want.snapshot().points(), got.snapshot().points(), 0, what);
        LabelTable a = want.toTable();
        LabelTable b = got.toTable();
        assertEquals(a.items(), b.items(), what + ": items");
        assertEquals(a.raters(), b.raters(), what + ": raters");
        assertEquals(a.labels(), b.labels(), what + ": labels");
        for (int i = 0; i < a.itemCount(); i++) {
            for (int r = 0; r < a.raterCount(); r++) {
                assertEquals(a.code(i, r), b.code(i, r), what + ": item " + i + " rater " + r);
            }
            assertEquals(
                    a.strata(i), b.strata(i), what + ": strata of " + a.items().get(i));
        }
    }

    private static int skewed(SplittableRandom rng, int n) {
        // label 0 common, the rest rare: exercises low-prevalence and undefined per-label kappas
        return rng.nextInt(3) == 0 ? rng.nextInt(n) : 0;
    }

    @Test
    void intervalsAreRecomputedInTheBackgroundAndMarkedStale() throws Exception {
        SplittableRandom rng = new SplittableRandom(3);
        LabelTable t = RandomTables.correlated(rng, 3, 3, 80, 0.7, 0.1);
        AgreementOptions opts = AgreementOptions.defaults().withResamples(200);
        try (LiveAgreement live = LiveAgreement.of(t, opts)) {
            LiveSnapshot fresh = live.whenIntervalsFresh().get(60, TimeUnit.SECONDS);
            assertFalse(fresh.intervalsStale());
            AgreementReport direct = new AgreementCalculator(opts).report(t);
            assertEquals(
                    direct.pairwise().get(0).ci95()[0],
                    fresh.report().pairwise().get(0).ci95()[0],
                    1e-12);
            assertEquals(direct.alpha().ci95()[1], fresh.report().alpha().ci95()[1], 1e-12);

            live.set(t.items().get(0), t.raters().get(0), "brand-new-label");
            LiveSnapshot stale = live.snapshot();
            // a new label changes the coefficient layout: old intervals are not shown against new figures
            assertTrue(stale.intervalsStale() || stale.intervalsVersion() == stale.version());
            LiveSnapshot again = live.whenIntervalsFresh().get(60, TimeUnit.SECONDS);
            assertFalse(again.intervalsStale());
            assertEquals(again.version(), again.intervalsVersion());
            assertNotNull(again.report().alpha().ci95());
            LabelTable now = live.toTable();
            assertEquals(
                    new AgreementCalculator(opts).report(now).alpha().ci95()[0],
                    again.report().alpha().ci95()[0],
                    1e-12);
        }
    }

    @Test
    void staleFlagWhileEditsOutpaceTheBootstrap() throws Exception {
        LabelTable t = RandomTables.correlated(new SplittableRandom(5), 4, 4, 2000, 0.7, 0.0);
        try (LiveAgreement live =
                LiveAgreement.of(t, AgreementOptions.defaults().withResamples(1000))) {
            live.set(t.items().get(1), t.raters().get(1), t.labels().get(0));
            live.set(t.items().get(2), t.raters().get(2), t.labels().get(1));
            LiveSnapshot s = live.snapshot();
            assertTrue(s.intervalsStale(), "intervals cannot be done instantly");
            LiveSnapshot f = live.whenIntervalsFresh().get(120, TimeUnit.SECONDS);
            assertFalse(f.intervalsStale());
        }
    }

    /**
     * With a quiet period, a burst of edits (each sooner than the period after the last) leaves the intervals stale
     * throughout, and the run that follows the pause gives exactly the intervals of the final table.
     */
    @Test
    void quietPeriodPutsTheBootstrapOffUntilEditsPause() throws Exception {
        LabelTable t = RandomTables.correlated(new SplittableRandom(11), 3, 3, 3000, 0.7, 0.1);
        AgreementOptions opts = AgreementOptions.defaults().withResamples(300);
        try (LiveAgreement live = LiveAgreement.of(t, opts)) {
            assertFalse(live.whenIntervalsFresh().get(60, TimeUnit.SECONDS).intervalsStale(), "the first run, at once");
            live.setQuietPeriod(3000);
            for (int i = 0; i < 40; i++) {
                live.set(
                        t.items().get(i),
                        t.raters().get(i % 3),
                        t.labels().get((i + 1) % t.labels().size()));
                Thread.sleep(5);
                assertTrue(
                        live.snapshot().intervalsStale(), "no run finishes while edits keep coming (edit " + i + ")");
            }
            long lastEdit = System.nanoTime();
            LiveSnapshot fresh = live.whenIntervalsFresh().get(60, TimeUnit.SECONDS);
            assertTrue(System.nanoTime() - lastEdit >= 3_000_000_000L, "the run waited for the quiet period");
            assertEquals(live.version(), fresh.intervalsVersion());
            AgreementReport direct = new AgreementCalculator(opts).report(live.toTable());
            assertEquals(direct.alpha().ci95()[0], fresh.report().alpha().ci95()[0], 1e-12);
            assertEquals(
                    direct.pairwise().get(1).ci95()[1],
                    fresh.report().pairwise().get(1).ci95()[1],
                    1e-12);
        }
    }

    /** A run overtaken by an edit is dropped; the next one, after the pause, covers the edit. */
    @Test
    void runOvertakenByAnEditIsDroppedAndRedone() throws Exception {
        LabelTable t = RandomTables.correlated(new SplittableRandom(13), 4, 4, 20000, 0.7, 0.0);
        AgreementOptions opts = AgreementOptions.defaults().withResamples(1000).withThreads(1);
        try (LiveAgreement live = LiveAgreement.of(t, opts)) {
            live.setQuietPeriod(50);
            live.whenIntervalsFresh(); // starts the first run
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (live.computingVersion() < 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // until the first run has copied the table and is bootstrapping
            }
            assertTrue(live.computingVersion() >= 0, "the first run started");
            live.set(t.items().get(0), t.raters().get(0), t.labels().get(1));
            long edited = live.version();
            LiveSnapshot fresh = live.whenIntervalsFresh().get(120, TimeUnit.SECONDS);
            assertEquals(edited, fresh.intervalsVersion());
            assertFalse(fresh.intervalsStale());
            assertTrue(live.abandonedRuns() >= 1, "the first run was dropped, not finished");
            assertEquals(
                    new AgreementCalculator(opts).report(live.toTable()).alpha().ci95()[1],
                    fresh.report().alpha().ci95()[1],
                    1e-12);
        }
    }

    /** The bootstrap's own copy of the labels drops a label nobody uses any more, as a table built afresh does. */
    @Test
    void intervalsAfterALabelFallsOutOfUse() throws Exception {
        LabelTable.Builder b = LabelTable.builder();
        SplittableRandom rng = new SplittableRandom(17);
        for (int i = 0; i < 300; i++) {
            for (String r : List.of("rule", "judge-a", "judge-b")) {
                if (rng.nextInt(10) > 0) { // some labels missing
                    b.add("t" + i, r, rng.nextInt(3) == 0 ? "tool_skip" : "correct");
                }
            }
        }
        b.add("t300", "rule", "output_fabrication"); // the only use of this label
        b.add("t301", "judge-a", "10"); // an item whose only label will be withdrawn
        LabelTable t = b.build();
        AgreementOptions opts = AgreementOptions.defaults().withResamples(200);
        try (LiveAgreement live = LiveAgreement.of(t, opts)) {
            live.set("t300", "rule", "correct");
            live.withdraw("t301", "judge-a");
            LiveSnapshot fresh = live.whenIntervalsFresh().get(60, TimeUnit.SECONDS);
            assertEquals(List.of("correct", "tool_skip"), live.toTable().labels());
            AgreementReport direct = new AgreementCalculator(opts).report(live.toTable());
            assertEquals(direct.alpha().ci95()[0], fresh.report().alpha().ci95()[0], 1e-12);
            assertEquals(direct.fleiss().ci95()[1], fresh.report().fleiss().ci95()[1], 1e-12);
            assertEquals(
                    direct.pairwise().get(2).ci95()[0],
                    fresh.report().pairwise().get(2).ci95()[0],
                    1e-12);
        }
    }
}
