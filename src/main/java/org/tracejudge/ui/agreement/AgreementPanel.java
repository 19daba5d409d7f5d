package org.tracejudge.ui.agreement;

import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.agreement.ConfusionMatrix;
import org.tracejudge.agreement.LiveSnapshot;
import org.tracejudge.ui.common.UncachedViewport;

/**
 * Live agreement: Fleiss' kappa and Krippendorff's alpha with 95% intervals and n, the pairwise kappa
 * matrix (click a cell to see that pair's confusion matrix), per-label kappa with prevalence, and the
 * confusion matrix whose cells filter the trace table. Redrawn from each {@link LiveSnapshot}.
 */
public final class AgreementPanel extends ScrollPane {
    private final AgreementViewModel vm;
    private final Label summary = new Label();
    private final javafx.scene.layout.FlowPane raters = new javafx.scene.layout.FlowPane();
    private final Label fleiss = new Label();
    private final Label alpha = new Label();
    private final Label freshness = new Label();
    private final GridPane matrix = new GridPane();
    private final GridPane perLabel = new GridPane();
    private final GridPane confusion = new GridPane();
    private Label confusionTitle;
    private Runnable afterFilter = () -> {};
    private final ComboBox<String> pairA = new ComboBox<>();
    private final ComboBox<String> pairB = new ComboBox<>();
    private AgreementReport report;
    private boolean updating;

    public AgreementPanel(AgreementViewModel vm) {
        this.vm = vm;
        setId("agreementPanel");
        UncachedViewport.of(this);
        getStyleClass().add("agreement-panel");
        setFitToWidth(true);
        fleiss.setId("fleissValue");
        fleiss.setWrapText(true);
        alpha.setWrapText(true);
        alpha.setId("alphaValue");
        summary.setId("agreementSummary");
        freshness.getStyleClass().add("muted");
        matrix.setId("kappaMatrix");
        perLabel.setId("perLabel");
        confusion.setId("confusionMatrix");
        for (GridPane g : new GridPane[] {matrix, perLabel, confusion}) {
            g.setHgap(2);
            g.setVgap(2);
        }
        pairA.setId("pairA");
        pairB.setId("pairB");
        pairA.setOnAction(e -> drawConfusion());
        pairB.setOnAction(e -> drawConfusion());
        Label title = new Label("Agreement (live)");
        title.getStyleClass().add("section-title");
        // the title and the freshness keep their words; the summary names every rater counted, so it wraps below them
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        freshness.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox titleLine = new HBox(10, title, freshness);
        titleLine.setAlignment(Pos.BASELINE_LEFT);
        VBox head = new VBox(2, titleLine, summary);
        confusionTitle = label("Confusion matrix:");
        javafx.scene.layout.FlowPane pair =
                new javafx.scene.layout.FlowPane(6, 4, confusionTitle, pairA, label("rows ×"), pairB, label("columns"));
        pair.setAlignment(Pos.CENTER_LEFT);
        pairA.setAccessibleText("Confusion matrix rows: rater");
        pairB.setAccessibleText("Confusion matrix columns: rater");
        raters.setId("agreementRaters");
        raters.setHgap(10);
        raters.setVgap(2);
        vm.raterOptionsProperty().addListener((o, a, opts) -> drawRaters(opts));
        drawRaters(vm.raterOptionsProperty().get());
        VBox box = new VBox(
                6,
                head,
                raters,
                fleiss,
                alpha,
                label("Pairwise Cohen's kappa (click a cell for its confusion matrix)"),
                matrix,
                label("Per label (one vs rest): prevalence, Fleiss' kappa [95% CI]"),
                perLabel,
                pair,
                label("Click a count to show those traces in the table"),
                confusion);
        box.setPadding(new Insets(6, 8, 8, 8));
        setContent(box);
        // after a kappa cell is clicked the matrix stays in view while later snapshots redraw the panel (a redraw
        // changes the content's height, and with it where a scroll value lands), until the person scrolls
        box.heightProperty().addListener((o, was, now) -> {
            if (pinned) {
                javafx.application.Platform.runLater(this::scrollToConfusion);
            }
        });
        addEventFilter(javafx.scene.input.ScrollEvent.SCROLL, e -> pinned = false);
        addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> pinned = false);
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> pinned = false);
        vm.agreementProperty().addListener((o, a, s) -> draw(s));
        draw(vm.agreementProperty().get());
    }

    /**
     * The rater list: a box per rater (ticked: counted in every figure below), with how many traces it labelled; a
     * rater left out by default says why on hover. Unticking one recomputes the panel without it.
     */
    private void drawRaters(List<AgreementViewModel.RaterOption> options) {
        raters.getChildren().clear();
        if (options == null || options.isEmpty()) {
            return;
        }
        raters.getChildren().add(label("Raters:"));
        for (AgreementViewModel.RaterOption o : options) {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox(
                    org.tracejudge.ui.common.ShortNames.headers(List.of(o.name()))
                                    .get(o.name()) + " (" + String.format(Locale.ROOT, "%,d", o.labelled()) + ")");
            box.setId("rater-" + o.name());
            box.setSelected(o.counted());
            box.setMinWidth(Region.USE_PREF_SIZE);
            String tip = o.name() + ": labelled " + String.format(Locale.ROOT, "%,d", o.labelled()) + " traces"
                    + (o.machine() ? "" : " (an annotator)")
                    + (o.why() == null ? "" : "\nnot counted by default: " + o.why())
                    + "\nticked: counted in every figure below";
            box.setTooltip(new Tooltip(tip));
            box.setAccessibleText(tip);
            box.setOnAction(e -> vm.setCounted(o.name(), box.isSelected()));
            raters.getChildren().add(box);
        }
    }

    private static Label label(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("muted");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    static String ci(double[] ci) {
        return ci == null ? "" : String.format(Locale.ROOT, " [%.3f, %.3f]", ci[0], ci[1]);
    }

    private void draw(LiveSnapshot s) {
        if (s == null) {
            summary.setText("computing…");
            return;
        }
        report = s.report();
        AgreementReport r = report;
        List<String> shown = labelled(r);
        summary.setText(String.format(
                Locale.ROOT, "%,d traces, %d raters: %s", r.nItems(), shown.size(), String.join(", ", shown)));
        freshness.setText(s.intervalsStale() ? "intervals updating…" : "intervals current");
        AgreementReport.Fleiss f = r.fleiss();
        fleiss.setText("Fleiss' κ = "
                + (f == null
                        ? "n/a"
                        : num(f.kappa()) + ci(f.ci95()) + "  (n = " + f.n() + "; "
                                + String.join(", ", f.raters()) + ")" + (f.note() == null ? "" : " — " + f.note())
                                + annotatorsNote(shown, f.raters())
                                + (f.ac1() == null
                                        ? ""
                                        : "\nGwet's AC1 = " + num(f.ac1()) + ci(f.ac1Ci95()) + " (same traces)"
                                                + (f.prevalenceNote() == null
                                                        ? ""
                                                        : " — κ and AC1 differ by more than 0.2: one label dominates "
                                                                + "(the kappa paradox)")))
                + (vm.copiesNoteProperty().get().isEmpty()
                        ? ""
                        : "\n" + vm.copiesNoteProperty().get()));
        AgreementReport.Alpha a = r.alpha();
        alpha.setText("Krippendorff's α = "
                + (a == null
                        ? "n/a"
                        : num(a.value()) + ci(a.ci95()) + "  (n = " + a.n() + ")"
                                + (a.note() == null ? "" : " — " + a.note())));
        drawMatrix(r, shown);
        drawPerLabel(r);
        updating = true;
        try {
            String oa = pairA.getValue();
            String ob = pairB.getValue();
            if (!pairA.getItems().equals(shown)) {
                pairA.getItems().setAll(shown);
                pairB.getItems().setAll(shown);
            }
            if (oa == null || !shown.contains(oa)) {
                oa = shown.isEmpty() ? null : shown.get(0);
            }
            if (ob == null || !shown.contains(ob)) {
                ob = shown.size() > 1 ? shown.get(1) : null;
            }
            pairA.setValue(oa);
            pairB.setValue(ob);
        } finally {
            updating = false;
        }
        drawConfusion();
    }

    /**
     * Why raters of the header are not in the Fleiss line: annotators label subsets (they count in the pairs and α), a
     * copy of another rater is named in the note below.
     */
    private String annotatorsNote(List<String> shown, List<String> fleissRaters) {
        java.util.Set<String> machine = new java.util.HashSet<>();
        vm.raterOptionsProperty().get().stream()
                .filter(AgreementViewModel.RaterOption::machine)
                .forEach(o -> machine.add(o.name()));
        List<String> humansShown = shown.stream()
                .filter(x -> !fleissRaters.contains(x) && !machine.contains(x))
                .toList();
        return humansShown.isEmpty()
                ? ""
                : "\nAnnotators (" + String.join(", ", humansShown)
                        + ") label subsets: they count in the pairs and in α, not in Fleiss' κ.";
    }

    // Each grid is built once for its shape (the raters, the labels, the pair) and then only refilled: a decision
    // changes numbers, not shapes, and new nodes would each need a CSS pass on the FX thread.
    private List<String> matrixShape;
    private Label[][] kappaCells;
    private List<String> perLabelShape;
    private Label[][] perLabelCells;
    private List<String> confusionShape;
    private Button[][] confusionCells;

    /** Below this many shared items a pair's kappa is shown as "n = …", uncoloured. */
    static final int MIN_N = 10;

    private static final List<String> KAPPA_CLASSES =
            List.of("kappa-high", "kappa-good", "kappa-moderate", "kappa-low", "kappa-undefined");

    /**
     * The raters with a label on some trace another rater labelled too: an annotator whose only decision was undone
     * has no labels left and is no row of n/a (all raters when fewer than two would remain).
     */
    static List<String> labelled(AgreementReport r) {
        List<String> kept = r.raters().stream()
                .filter(a -> r.pairwise().stream().anyMatch(p -> p.n() > 0 && (p.a().equals(a) || p.b().equals(a))))
                .toList();
        return kept.size() < 2 ? r.raters() : kept;
    }

    /** The pairwise kappa matrix of {@code raters} (those with labels: {@link #labelled}). */
    private void drawMatrix(AgreementReport r, List<String> raters) {
        if (!raters.equals(matrixShape)) {
            buildMatrix(raters);
        }
        for (int i = 0; i < raters.size(); i++) {
            for (int j = 0; j < raters.size(); j++) {
                if (i == j) {
                    continue;
                }
                Label cell = kappaCells[i][j];
                AgreementReport.Pair p = r.pair(raters.get(i), raters.get(j));
                cell.getStyleClass().removeAll(KAPPA_CLASSES);
                if (p == null || p.kappa() == null) {
                    cell.setText("n/a");
                    cell.getStyleClass().add("kappa-undefined");
                    cell.getTooltip()
                            .setText(
                                    p == null
                                            ? "no items in common"
                                            : "n = " + p.n() + ": " + (p.note() == null ? "undefined" : p.note()));
                } else if (p.n() < MIN_N) {
                    // a kappa from a handful of items says nothing yet: no alarming colour, n instead
                    cell.setText("n = " + p.n());
                    cell.getStyleClass().add("kappa-undefined");
                    cell.getTooltip()
                            .setText(raters.get(i) + " vs " + raters.get(j) + "\nκ = " + num(p.kappa())
                                    + " from " + p.n() + (p.n() == 1 ? " item" : " items")
                                    + ": too few to read (shown from "
                                    + MIN_N + ")");
                } else {
                    double k = p.kappa();
                    cell.setText(num(k));
                    cell.getStyleClass()
                            .add(
                                    k >= 0.8
                                            ? "kappa-high"
                                            : k >= 0.6 ? "kappa-good" : k >= 0.4 ? "kappa-moderate" : "kappa-low");
                    cell.getTooltip()
                            .setText(raters.get(i) + " vs " + raters.get(j) + "\nκ = " + num(k) + ci(p.ci95())
                                    + "\nn = " + p.n() + ", agreement " + num(p.agreement())
                                    + (p.se() == null ? "" : ", SE " + num(p.se())));
                }
            }
        }
    }

    private void buildMatrix(List<String> raters) {
        matrix.getChildren().clear();
        int n = raters.size();
        kappaCells = new Label[n][n];
        // short names (the full one on hover and for screen readers): the matrix fits beside the trace table
        java.util.Map<String, String> shortName = org.tracejudge.ui.common.ShortNames.headers(raters);
        for (int i = 0; i < n; i++) {
            matrix.add(head(raters.get(i), shortName.get(raters.get(i))), 0, i + 1);
            matrix.add(head(raters.get(i), shortName.get(raters.get(i))), i + 1, 0);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Label cell = new Label();
                cell.getStyleClass().add("kappa-cell");
                cell.setMinWidth(4.6 * javafx.scene.text.Font.getDefault().getSize());
                cell.setAlignment(Pos.CENTER);
                if (i == j) {
                    cell.setText("—");
                    cell.getStyleClass().add("kappa-diagonal");
                } else {
                    String a = raters.get(i);
                    String b = raters.get(j);
                    cell.setId("kappa-" + a + "-" + b);
                    cell.setTooltip(new Tooltip());
                    cell.accessibleTextProperty()
                            .bind(Bindings.concat(
                                    cell.getTooltip().textProperty(), ". Press for the pair's confusion matrix."));
                    cell.setOnMouseClicked(e -> showPair(cell, a, b));
                    // reachable with Tab; Enter or Space opens the pair's confusion matrix
                    cell.setFocusTraversable(true);
                    cell.setAccessibleRole(javafx.scene.AccessibleRole.BUTTON);
                    cell.setOnKeyPressed(e -> {
                        if (e.getCode() == javafx.scene.input.KeyCode.ENTER
                                || e.getCode() == javafx.scene.input.KeyCode.SPACE) {
                            showPair(cell, a, b);
                            e.consume();
                        }
                    });
                }
                kappaCells[i][j] = cell;
                matrix.add(cell, j + 1, i + 1);
            }
        }
        matrixShape = List.copyOf(raters);
    }

    private static Label head(String full, String shown) {
        Label h = new Label(shown);
        h.getStyleClass().add("matrix-head");
        h.setMinWidth(Region.USE_PREF_SIZE);
        h.setTooltip(new Tooltip(full));
        h.setAccessibleText(full);
        return h;
    }

    /** What runs after a confusion cell filtered the table (the window moves the focus to the table). */
    public void onFiltered(Runnable r) {
        afterFilter = r == null ? () -> {} : r;
    }

    /** A kappa cell clicked: its pair's confusion matrix, the cell marked, the matrix scrolled into view. */
    private void showPair(Label cell, String a, String b) {
        for (Label[] row : kappaCells) {
            for (Label c : row) {
                c.getStyleClass().remove("kappa-selected");
            }
        }
        cell.getStyleClass().add("kappa-selected");
        pairA.setValue(a);
        pairB.setValue(b);
        drawConfusion();
        pinned = true;
        javafx.application.Platform.runLater(this::scrollToConfusion);
    }

    /** Whether the confusion matrix is held in view (a kappa cell was clicked; the person has not scrolled since). */
    private boolean pinned;

    /** Scrolls so the confusion matrix's title is at the top of the view (or as near as the content allows). */
    private void scrollToConfusion() {
        layout();
        javafx.scene.Node content = getContent();
        double h = content.getBoundsInLocal().getHeight();
        double view = getViewportBounds().getHeight();
        if (h > view) {
            javafx.geometry.Bounds m =
                    content.sceneToLocal(confusionTitle.localToScene(confusionTitle.getBoundsInLocal()));
            setVvalue(Math.max(0, Math.min(1, m.getMinY() / (h - view))));
        }
    }

    private void drawPerLabel(AgreementReport r) {
        List<String> labels =
                r.perLabel().stream().map(AgreementReport.Label::label).toList();
        if (!labels.equals(perLabelShape)) {
            perLabel.getChildren().clear();
            perLabelCells = new Label[labels.size()][];
            for (int row = 0; row < labels.size(); row++) {
                String l = labels.get(row);
                Label name = new Label(l);
                name.getStyleClass().addAll("badge", "label-" + l.replace('_', '-'));
                name.setMinWidth(Region.USE_PREF_SIZE);
                Label prev = new Label();
                Label k = new Label();
                prev.setMinWidth(Region.USE_PREF_SIZE);
                k.setMinWidth(Region.USE_PREF_SIZE);
                k.setId("perLabel-" + l);
                perLabel.addRow(row, name, prev, k);
                perLabelCells[row] = new Label[] {prev, k};
            }
            perLabel.setHgap(12);
            perLabelShape = labels;
        }
        for (int row = 0; row < labels.size(); row++) {
            AgreementReport.Label l = r.perLabel().get(row);
            Label prev = perLabelCells[row][0];
            Label k = perLabelCells[row][1];
            prev.setText(String.format(Locale.ROOT, "%.1f%%", 100 * l.prevalence()));
            k.setText(num(l.fleissKappa()) + ci(l.fleissCi95()) + (l.lowPrevalenceEffect() ? "  ⚠" : ""));
            // the warning sign in words (its tooltip explains it to the pointer)
            k.setAccessibleText(k.getText().replace("  ⚠", "")
                    + (l.lowPrevalenceEffect() ? "; a rare label: high raw agreement, low kappa" : ""));
            if (!l.lowPrevalenceEffect()) {
                k.setTooltip(null);
            } else if (k.getTooltip() == null) {
                k.setTooltip(new Tooltip());
            }
            if (k.getTooltip() != null) {
                k.getTooltip().setText(l.note() == null ? "High raw agreement, low kappa: a rare label" : l.note());
            }
        }
    }

    private void drawConfusion() {
        if (updating) {
            return;
        }
        AgreementReport r = report;
        String a = pairA.getValue();
        String b = pairB.getValue();
        AgreementReport.Pair p = r == null || a == null || b == null || a.equals(b) ? null : r.pair(a, b);
        if (p == null || p.confusion() == null) {
            confusion.getChildren().clear();
            confusionShape = null;
            if (r != null && a != null && b != null && !a.equals(b)) {
                confusion.add(label("no traces labelled by both"), 0, 0);
            }
            return;
        }
        boolean flipped = !p.a().equals(a);
        ConfusionMatrix m = p.confusion();
        List<String> labels = m.labels();
        List<String> shape = new java.util.ArrayList<>(List.of(a, b));
        shape.addAll(labels);
        if (!shape.equals(confusionShape)) {
            buildConfusion(a, b, labels);
            confusionShape = shape;
        }
        for (int i = 0; i < labels.size(); i++) {
            for (int j = 0; j < labels.size(); j++) {
                String la = labels.get(i);
                String lb = labels.get(j);
                long n = flipped ? m.count(lb, la) : m.count(la, lb);
                Button cell = confusionCells[i][j];
                cell.setText(String.valueOf(n));
                // wide enough for its count: four or more digits were cut to "…"
                cell.setMinWidth(Math.max(3.2, 0.7 * String.valueOf(n).length() + 1.4)
                        * javafx.scene.text.Font.getDefault().getSize());
                cell.setDisable(n == 0);
                String says = n + (n == 1 ? " trace: " : " traces: ") + a + " = " + la + ", " + b + " = " + lb;
                cell.getTooltip().setText(says);
                // a screen reader says what the colour and the position mean
                cell.setAccessibleText(
                        says + (i == j ? " (agree)" : " (disagree)") + (n == 0 ? "" : "; press to show them"));
            }
        }
    }

    private void buildConfusion(String a, String b, List<String> labels) {
        confusion.getChildren().clear();
        // the pair's short names (the full ones on hover): the grid keeps to the panel's width
        java.util.Map<String, String> shortName = org.tracejudge.ui.common.ShortNames.headers(List.of(a, b));
        Label corner = new Label(shortName.get(a) + " ↓  " + shortName.get(b) + " →");
        corner.getStyleClass().add("muted");
        corner.setMinWidth(Region.USE_PREF_SIZE);
        corner.setTooltip(new Tooltip("rows: " + a + "; columns: " + b));
        corner.setAccessibleText("rows: " + a + "; columns: " + b);
        confusion.add(corner, 0, 0);
        for (int j = 0; j < labels.size(); j++) {
            confusion.add(head(labels.get(j), org.tracejudge.ui.common.ShortNames.label(labels.get(j))), j + 1, 0);
        }
        confusionCells = new Button[labels.size()][labels.size()];
        for (int i = 0; i < labels.size(); i++) {
            Label h = head(labels.get(i), org.tracejudge.ui.common.ShortNames.label(labels.get(i)));
            confusion.add(h, 0, i + 1);
            for (int j = 0; j < labels.size(); j++) {
                String la = labels.get(i);
                String lb = labels.get(j);
                Button cell = new Button();
                cell.setId("cell-" + la + "-" + lb);
                cell.getStyleClass().addAll("confusion-cell", i == j ? "confusion-agree" : "confusion-disagree");
                cell.setMinWidth(3.2 * javafx.scene.text.Font.getDefault().getSize());
                org.tracejudge.ui.common.ConfusionCell.reachable(cell);
                cell.setOnAction(e -> {
                    vm.filterToCell(a, la, b, lb);
                    afterFilter.run(); // the table, with the cell's traces, takes the focus: the review keys work
                });
                cell.setTooltip(new Tooltip());
                confusionCells[i][j] = cell;
                confusion.add(cell, j + 1, i + 1);
            }
        }
    }
}
