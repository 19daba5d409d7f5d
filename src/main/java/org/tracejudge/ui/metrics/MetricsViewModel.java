package org.tracejudge.ui.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.calibration.Corrected;
import org.tracejudge.calibration.CorrectedRates;
import org.tracejudge.calibration.Recommended;
import org.tracejudge.metrics.Dashboard;
import org.tracejudge.metrics.ModelMetrics;
import org.tracejudge.metrics.Rate;
import org.tracejudge.metrics.SourceMetrics;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.ui.session.Session;

/**
 * The metrics dashboard's view model: reads every label source's figures and the corrected rates on the project
 * thread (through {@link Session#query}), never on the FX thread, and holds the chosen source, the leaderboard's
 * rows, the failure profile's points and the stacked bars, and the note under them — plain data the window draws.
 *
 * <p>Besides the project's label sources it offers {@value #CORRECTED}: the ensemble's rates corrected with the
 * gold of the project's calibration sample (PPI++, as {@code metrics --source corrected}), each cell with the
 * judge-only and gold-only rates and the gold n beside it, models ranked by corrected CTUR, and the profile's
 * points drawn as arrows from the judge-only rates to the corrected ones. Without a calibration sample (or an
 * ensemble) it is refused with the command line's reason.
 */
public final class MetricsViewModel {
    /** The source of the corrected rates. */
    public static final String CORRECTED = "corrected";

    /** Everything read in one go. {@code correctedRefusal}: why there are no corrected rates (null when there are). */
    public record Loaded(
            Dashboard dashboard,
            CorrectedRates.Report corrected,
            String correctedRefusal,
            List<String> judges,
            String judge) {
        /** The same figures with the corrected rates of another judge. */
        Loaded withCorrected(Loaded c) {
            return new Loaded(dashboard, c.corrected, c.correctedRefusal, c.judges, c.judge);
        }
    }

    /**
     * One rate of one model on the leaderboard. {@code value}, {@code low}, {@code high} in percent (null: n/a);
     * {@code text} "12.5 [9.8–15.8]" or "n/a"; {@code beside}: for the corrected source the judge-only and gold-only
     * rates and the gold n (else empty); {@code why}: the estimator and, where refused, the reason.
     */
    public record Cell(String rate, Double value, Double low, Double high, String text, String beside, String why) {}

    /** One model's line: its name, the n column and a cell per rate of {@link MetricsWindow#BOARD}. */
    public record BoardRow(String model, String n, Map<String, Cell> cells) {
        public Cell cell(String rate) {
            return cells.get(rate);
        }
    }

    /**
     * A model on the failure profile (CTUR across, UTR up, in percent). For the corrected source {@code fromX},
     * {@code fromY} are the judge-only rates the arrow starts at and {@code xCi}, {@code yCi} the corrected
     * intervals; null otherwise.
     */
    public record Point(
            String model, double x, double y, Double fromX, Double fromY, double[] xCi, double[] yCi, String tooltip) {
        public boolean arrow() {
            return fromX != null && fromY != null;
        }
    }

    /** One failure mode's stacked bars: percent per model, in the leaderboard's order. */
    public record Bars(String rate, List<String> models, List<Double> percents) {}

    private final Session session;
    private final ReadOnlyObjectWrapper<Loaded> loaded = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> sources = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper();
    private final ObservableList<BoardRow> rows = FXCollections.observableArrayList();
    private final ObservableList<Point> points = FXCollections.observableArrayList();
    private final ObservableList<Bars> bars = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("Reading the project…");
    private final ReadOnlyStringWrapper nMeaning = new ReadOnlyStringWrapper(N_LABELLED);
    private final javafx.beans.property.ReadOnlyLongWrapper shownVersion =
            new javafx.beans.property.ReadOnlyLongWrapper();

    static final String N_LABELLED = "tool-required / control traces with a label from this source";
    static final String N_GOLD = "gold traces of the calibration sample: tool-required / control (the corrected "
            + "rates' n); the judge-only rates use every judged trace";

    /** {@code session}: where the figures are read; null for a model fed by {@link #accept} alone (tests). */
    public MetricsViewModel(Session session) {
        this.session = session;
    }

    /**
     * Reads every source's figures and the corrected rates (the project thread; public for tests without a window).
     * The corrected rates' refusal is the command line's message.
     */
    public static Loaded compute(Project p) {
        return compute(p, null);
    }

    /**
     * As {@link #compute(Project)}, the corrected rates those of {@code judge} (null, or one the project does not have:
     * the ensemble when there is one, else the first machine rater), as the Calibration tab and {@code calibration
     * --corrected --judge} compute them.
     */
    public static Loaded compute(Project p, String judge) {
        return corrected(p, judge, Dashboard.compute(p));
    }

    /** The corrected rates of {@code judge} beside an already read dashboard. */
    static Loaded corrected(Project p, String judge, Dashboard d) {
        List<String> judges = CorrectedRates.judges(p);
        String j = judge != null && judges.contains(judge) ? judge : judges.isEmpty() ? null : judges.get(0);
        try {
            return new Loaded(d, CorrectedRates.load(p, j, null), null, judges, j);
        } catch (ProjectException e) {
            return new Loaded(d, null, e.getMessage(), judges, j);
        }
    }

    /** Reads everything in the background, keeping the chosen source and judge when they still exist. */
    public void load() {
        note.set("Computing…");
        String j = judge.get();
        session.query(p -> compute(p, j), this::accept, msg -> note.set("Cannot compute the metrics: " + msg));
    }

    private final ObservableList<String> judges = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper judge = new ReadOnlyStringWrapper();

    /** The judges whose rates the corrected source can correct: the ensemble (when there is one), each machine rater. */
    public ObservableList<String> judges() {
        return judges;
    }

    /** The judge of the corrected rates on show. */
    public ReadOnlyStringProperty judgeProperty() {
        return judge.getReadOnlyProperty();
    }

    /** Corrects the rates of another judge (read in the background; the label sources stay as read). */
    public void chooseJudge(String name) {
        Loaded l = loaded.get();
        if (name == null || l == null || name.equals(l.judge())) {
            return;
        }
        judge.set(name);
        note.set("Computing the corrected rates of " + name + "…");
        Dashboard d = l.dashboard();
        session.query(
                p -> corrected(p, name, d),
                c -> {
                    Loaded now = loaded.get();
                    accept(now == null ? c : now.withCorrected(c));
                },
                msg -> note.set("Cannot compute the corrected rates: " + msg));
    }

    /** Takes freshly read figures (the FX thread, or a test's thread). */
    public void accept(Loaded l) {
        String keep = source.get();
        loaded.set(l);
        if (!judges.equals(l.judges())) {
            judges.setAll(l.judges());
        }
        judge.set(l.judge());
        List<String> names = new ArrayList<>(l.dashboard().sources());
        names.add(CORRECTED);
        sources.setAll(names);
        choose(keep != null && names.contains(keep) ? keep : l.dashboard().defaultSource());
    }

    /** Shows another label source ({@value #CORRECTED} included). */
    public void choose(String name) {
        source.set(name);
        show();
    }

    public ReadOnlyObjectProperty<Loaded> loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    public ObservableList<String> sources() {
        return sources;
    }

    public ReadOnlyStringProperty sourceProperty() {
        return source.getReadOnlyProperty();
    }

    public ObservableList<BoardRow> rows() {
        return rows;
    }

    public ObservableList<Point> points() {
        return points;
    }

    public ObservableList<Bars> bars() {
        return bars;
    }

    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** What the empty leaderboard says. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    /** What the n column counts, for its header's tooltip. */
    public ReadOnlyStringProperty nMeaningProperty() {
        return nMeaning.getReadOnlyProperty();
    }

    /** Sets a note (an export's outcome). */
    public void say(String text) {
        note.set(text);
    }

    /** The chosen label source's metrics; null while reading and for the corrected source. */
    public SourceMetrics shown() {
        Loaded l = loaded.get();
        return l == null || source.get() == null
                ? null
                : l.dashboard().bySource().get(source.get());
    }

    /** The table on show as CSV (the label sources' long form; the corrected leaderboard's wide one), or null. */
    public String csv() {
        Loaded l = loaded.get();
        if (correctedShown()) {
            return l == null || l.corrected() == null ? null : l.corrected().csv(MetricsWindow.BOARD);
        }
        SourceMetrics s = shown();
        return s == null ? null : org.tracejudge.metrics.MetricsFormat.csv(s);
    }

    /** Whether the corrected rates are on show. */
    public boolean correctedShown() {
        return CORRECTED.equals(source.get());
    }

    /** Counts the times the rows, points and bars were replaced together: the window redraws on each. */
    public javafx.beans.property.ReadOnlyLongProperty shownVersionProperty() {
        return shownVersion.getReadOnlyProperty();
    }

    private void show() {
        Loaded l = loaded.get();
        if (l == null || source.get() == null) {
            return;
        }
        if (correctedShown()) {
            showCorrected(l);
        } else if (shown() != null) {
            showSource(l, shown());
        } else {
            return;
        }
        shownVersion.set(shownVersion.get() + 1);
    }

    private void showSource(Loaded l, SourceMetrics s) {
        nMeaning.set(N_LABELLED);
        placeholder.set("No trace has a label from " + s.source());
        List<BoardRow> out = new ArrayList<>();
        List<Point> pts = new ArrayList<>();
        for (ModelMetrics m : s.models()) {
            Map<String, Cell> cells = new LinkedHashMap<>();
            for (String rate : MetricsWindow.BOARD) {
                Rate r = m.rate(rate);
                cells.put(
                        rate,
                        new Cell(
                                rate,
                                r.percent(),
                                r.defined() ? r.ci95()[0] : null,
                                r.defined() ? r.ci95()[1] : null,
                                cell(r),
                                "",
                                r.defined()
                                        ? ""
                                        : "no "
                                                + (rate.equals("UTR") || rate.equals("CTRL_Acc")
                                                        ? "control"
                                                        : "tool-required")
                                                + " trace with a label from " + s.source()));
            }
            out.add(new BoardRow(m.model(), m.nRequired() + " / " + m.nControl(), cells));
            Rate ctur = m.rate("CTUR");
            Rate utr = m.rate("UTR");
            if (ctur.defined() && utr.defined()) {
                pts.add(new Point(
                        m.model(),
                        ctur.percent(),
                        utr.percent(),
                        null,
                        null,
                        null,
                        null,
                        m.model() + "\nCTUR " + cell(ctur) + "\nUTR " + cell(utr)));
            }
        }
        rows.setAll(out);
        points.setAll(pts);
        bars.setAll(bars(out));
        Dashboard d = l.dashboard();
        int required = s.models().stream().mapToInt(ModelMetrics::nRequired).sum();
        int control = s.models().stream().mapToInt(ModelMetrics::nControl).sum();
        note.set(String.format(
                Locale.ROOT,
                "%s: %d models, %d tool-required and %d control traces with a label. "
                        + "Rates in %% with 95%% Wilson intervals; n/a where the denominator is empty.%s",
                s.source(),
                s.models().size(),
                required,
                control,
                (d.ensembleNote() == null
                                ? "  Ensemble: the vote of "
                                        + ruleInWords(d.judges().rule().column()) + " and the judges "
                                        + String.join(" and ", d.judgeNames()) + "."
                                : "  No ensemble or final labels: " + d.ensembleNote())
                        + (d.bySource().keySet().stream().anyMatch(k -> k.startsWith("rule"))
                                ? ""
                                : "  No rule labels stored yet: File ▸ Classify… adds the rule as a source.")));
    }

    /** The ensemble's rule column in words ("rule rule" read as a stutter, issue 48). */
    static String ruleInWords(String column) {
        return switch (column) {
            case "rule" -> "the rule (compat)";
            case "rule-tolerant" -> "the rule (tolerant)";
            default -> "'" + column + "' in the rule's place";
        };
    }

    private void showCorrected(Loaded l) {
        nMeaning.set(N_GOLD);
        CorrectedRates.Report r = l.corrected();
        if (r == null) {
            rows.clear();
            points.clear();
            bars.clear();
            placeholder.set("No corrected rates: " + l.correctedRefusal());
            note.set(CORRECTED + ": refused. " + l.correctedRefusal());
            return;
        }
        placeholder.set("No model has traces the judge labelled");
        List<BoardRow> out = new ArrayList<>();
        List<Point> pts = new ArrayList<>();
        for (Map.Entry<String, Map<String, CorrectedRates.Row>> m : r.ranked().entrySet()) {
            Map<String, Cell> cells = new LinkedHashMap<>();
            int goldRequired = 0;
            int goldControl = 0;
            for (String rate : MetricsWindow.BOARD) {
                CorrectedRates.Row row = m.getValue().get(rate);
                cells.put(rate, corrected(row, r.recommended(row)));
                if (rate.equals("CTUR")) {
                    goldRequired = row.gold();
                } else if (rate.equals("UTR")) {
                    goldControl = row.gold();
                }
            }
            out.add(new BoardRow(m.getKey(), goldRequired + " / " + goldControl, cells));
            CorrectedRates.Row ctur = m.getValue().get("CTUR");
            CorrectedRates.Row utr = m.getValue().get("UTR");
            if (r.recommended(ctur).estimate().defined()
                    && r.recommended(utr).estimate().defined()) {
                Cell cx = cells.get("CTUR");
                Cell cy = cells.get("UTR");
                boolean from = ctur.judgeOnly().defined() && utr.judgeOnly().defined();
                pts.add(new Point(
                        m.getKey(),
                        cx.value(),
                        cy.value(),
                        from ? 100 * ctur.judgeOnly().value() : null,
                        from ? 100 * utr.judgeOnly().value() : null,
                        new double[] {cx.low(), cx.high()},
                        new double[] {cy.low(), cy.high()},
                        m.getKey() + "\nCTUR " + cx.text() + " (" + cx.beside().replace("\n", ", ") + ")\nUTR "
                                + cy.text() + " (" + cy.beside().replace("\n", ", ")
                                + ")\nthe arrow runs from the judge-only rates to the corrected ones"));
            }
        }
        rows.setAll(out);
        points.setAll(pts);
        bars.setAll(bars(out));
        int unjudged = r.rows().stream()
                .filter(x -> x.rate().name().equals("CTUR") || x.rate().name().equals("UTR"))
                .mapToInt(CorrectedRates.Row::unjudged)
                .sum();
        note.set(String.format(
                Locale.ROOT,
                "%s: the recommended figure per rate (%s where the judge narrows the interval, gold only where it adds "
                        + "nothing%s) for the labels of "
                        + "%s, corrected with the gold of calibration sample '%s' (%s draw): %d of its %d traces decided. "
                        + "Ranked by corrected CTUR. Each cell: the figure [95%% interval] and its name, the judge-only "
                        + "and gold-only rates (n gold) under it; click a cell for why and the other figures (all in the "
                        + "Calibration tab); the four failure modes need not add up to 100.%s%s",
                CORRECTED,
                Corrected.PPI,
                r.sample().design() == org.tracejudge.calibration.SamplingDesign.STRATIFIED_LABEL
                        ? "; the sample is stratified by the judge's label, where PPI++ is the stratified gold mean"
                        : "",
                r.judge(),
                r.sample().name(),
                r.sample().design().code(),
                r.goldInSample(),
                r.sample().draws().size(),
                r.goldOutsideSample() > 0
                        ? "  " + r.goldOutsideSample() + " gold traces "
                                + "outside the sample (picked by hand or by disagreement) are not used."
                        : "",
                unjudged > 0 ? "  " + unjudged + " traces without a judge label are left out." : ""));
    }

    /**
     * A corrected cell: the recommended figure ({@link Recommended}), its name and the judge-only and gold-only rates
     * under it; {@code why}: the recommendation's reason and every figure of the rate, for a click on the cell.
     */
    private static Cell corrected(CorrectedRates.Row row, Recommended best) {
        Corrected.Estimate e = best.estimate();
        String beside = best.which().title() + (best.which() == Recommended.Which.JUDGE_ONLY ? " (uncorrected)" : "")
                + "\njudge " + pct(row.judgeOnly()) + "\ngold " + pct(row.goldOnly()) + " (" + row.gold() + ")";
        StringBuilder all = new StringBuilder();
        for (Recommended.Which w : Recommended.Which.values()) {
            Corrected.Estimate x = w.of(row);
            all.append("\n")
                    .append(w == best.which() ? "● " : "○ ")
                    .append(w.title())
                    .append(": ")
                    .append(
                            x.defined()
                                    ? String.format(
                                            Locale.ROOT,
                                            "%.1f [%.1f–%.1f]%s",
                                            100 * x.value(),
                                            100 * x.ci95()[0],
                                            100 * x.ci95()[1],
                                            x.lambda() == null
                                                    ? ""
                                                    : String.format(Locale.ROOT, ", λ = %.2f", x.lambda()))
                                    : "n/a (" + x.refusal() + ")");
        }
        String why = "Recommended: " + best.which().title() + ", because " + best.reason() + "."
                + String.format(Locale.ROOT, " %d gold of %d judged traces.", row.gold(), row.judged()) + all;
        if (!e.defined()) {
            return new Cell(row.rate().name(), null, null, null, "n/a", beside, why);
        }
        double v = 100 * e.value();
        double lo = 100 * e.ci95()[0];
        double hi = 100 * e.ci95()[1];
        return new Cell(
                row.rate().name(), v, lo, hi, String.format(Locale.ROOT, "%.1f [%.1f–%.1f]", v, lo, hi), beside, why);
    }

    private static String pct(Corrected.Estimate e) {
        return e.defined() ? String.format(Locale.ROOT, "%.1f", 100 * e.value()) : "n/a";
    }

    private static List<Bars> bars(List<BoardRow> rows) {
        List<Bars> out = new ArrayList<>();
        for (String rate : MetricsWindow.STACKED) {
            List<String> models = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (BoardRow r : rows) {
                Cell c = r.cell(rate);
                models.add(r.model());
                values.add(c.value() == null ? 0 : c.value());
            }
            out.add(new Bars(rate, models, values));
        }
        return out;
    }

    /** "12.5 [9.8–15.8]" or "n/a". */
    static String cell(Rate r) {
        if (!r.defined()) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.1f [%.1f–%.1f]", r.percent(), r.ci95()[0], r.ci95()[1]);
    }
}
