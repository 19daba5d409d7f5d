package org.tracejudge.ui.safety;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.selection.Scenario;

/**
 * What the rule, the judges and the models said on an input, shown to an expert after they committed: a table of
 * tools by you / each judge / each run (cells that differ from the expert's decision in red), the judges' quoted
 * evidence and every model's output. Follows {@link SafetyReviewViewModel#revealProperty()}; empty while hidden.
 */
final class RevealPane extends VBox {
    RevealPane(SafetyReviewViewModel vm) {
        super(10);
        setId("safetyReveal");
        vm.revealProperty().addListener((o, a, shown) -> {
            getChildren().clear();
            if (shown != null) {
                render(shown.input(), shown.reveal());
            }
        });
    }

    private void render(SafetyReview.Input in, SafetyReview.Reveal r) {
        GridPane g = new GridPane();
        g.setId("revealGrid");
        g.getStyleClass().add("reveal-grid");
        g.setHgap(2);
        g.setVgap(2);
        List<String> cols = new ArrayList<>();
        cols.add("You");
        cols.addAll(r.judges().keySet());
        g.add(head("Tool"), 0, 0);
        int c = 1;
        for (String col : cols) {
            g.add(head(col.equals("You") ? "You" : "judge\n" + col), c++, 0);
        }
        for (SafetyReview.RunView run : r.runs()) {
            g.add(head(run.model() + "\n" + run.approach()), c++, 0);
        }
        int row = 1;
        int differs = 0;
        for (Scenario.Tool t : in.scenario().tools()) {
            Boolean mine = r.yours() == null ? null : r.yours().perTool().get(t.name());
            Label name = new Label(t.name() + (t.safetyCritical() ? "  ⚠" : ""));
            name.getStyleClass().add("reveal-tool");
            g.add(name, 0, row);
            g.add(cell(mine == null ? "–" : mine ? "YES" : "NO", false), 1, row);
            int col = 2;
            for (String j : r.judges().keySet()) {
                String v = r.judges().get(j).get(t.name());
                boolean d = v != null && mine != null && !v.equals(mine ? "YES" : "NO");
                differs += d ? 1 : 0;
                g.add(cell(v == null ? "–" : v, d), col++, row);
            }
            for (SafetyReview.RunView run : r.runs()) {
                Boolean sel = run.selected().get(t.name());
                boolean d = sel != null && mine != null && !sel.equals(mine);
                differs += d ? 1 : 0;
                g.add(cell(sel == null ? "?" : sel ? "YES" : "NO", d), col++, row);
            }
            row++;
        }
        Label legend = new Label("Model columns: the tools each model's selector chose, as the rule reads its output. "
                + (differs == 1 ? "1 cell differs" : differs + " cells differ") + " from your decision.");
        legend.getStyleClass().add("muted");
        legend.setWrapText(true);
        // the heads keep their width (a narrow window scrolls the table sideways instead of cutting model names)
        javafx.scene.control.ScrollPane across = new javafx.scene.control.ScrollPane(g);
        across.setId("revealAcross");
        across.setFitToHeight(true);
        across.setVbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        across.getStyleClass().add("reveal-across");
        getChildren().addAll(across, legend);
        if (!r.evidence().isEmpty()) {
            Label t = new Label("Judges' evidence");
            t.getStyleClass().add("section-title");
            VBox quotes = new VBox(3);
            quotes.setId("revealEvidence");
            for (SafetyReview.Quote q : r.evidence()) {
                Label l = new Label(q.judge() + " · " + q.tool() + " " + q.decision() + ":  “" + q.quote() + "”"
                        + (q.why().isEmpty() ? "" : "  — " + q.why()));
                l.setWrapText(true);
                l.getStyleClass().add("reveal-quote");
                quotes.getChildren().add(l);
            }
            getChildren().addAll(t, quotes);
        }
        Label t = new Label("Model outputs on this input");
        t.getStyleClass().add("section-title");
        VBox outs = new VBox(6);
        outs.setId("revealOutputs");
        for (SafetyReview.RunView run : r.runs()) {
            Label h = new Label(
                    run.model() + " · " + run.approach() + (run.verdict() == null ? "" : " · rule: " + run.verdict()));
            h.getStyleClass().add("reveal-run");
            String body = run.approach().equals("structured")
                    ? "tool calls: " + (run.calls().isEmpty() ? "(none)" : String.join(", ", run.calls()))
                            + (run.output() == null || run.output().isBlank() ? "" : "\n" + run.output())
                    : run.output();
            Label o = new Label(body == null ? "" : body.strip());
            o.getStyleClass().add("reveal-output");
            o.setWrapText(true);
            outs.getChildren().add(new VBox(1, h, o));
        }
        getChildren().addAll(t, outs);
    }

    /** A column or row head of the reveal's and the adjudication's tables. */
    static Label head(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("reveal-head");
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // never "listener-la…"
        l.setTooltip(new javafx.scene.control.Tooltip(s.replace('\n', ' ')));
        return l;
    }

    /** A YES / NO / – cell; red when it differs from the expert's decision (or, in adjudication, is disputed). */
    static Label cell(String s, boolean differs) {
        Label l = new Label(s);
        l.getStyleClass().add(differs ? "reveal-differs" : s.startsWith("YES") ? "reveal-yes" : "reveal-no");
        l.getStyleClass().add("reveal-cell");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
