package org.tracejudge.ui.trace;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.model.Adjudication;
import org.tracejudge.store.ProjectQueries;
import org.tracejudge.store.TraceTable;

/**
 * Every rater's verdict on the trace (the rule, the imported and judged labels, the ensemble and the final label, one
 * {@link RaterCard} each) and the history of decisions under them: a part of the {@link TraceView}, refilled on every
 * trace from its {@link TraceDetail}. It holds no state of its own: the cards are kept from one trace to the next only
 * so that J/K does not build them again.
 */
final class VerdictHistoryView extends VBox {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final FlowPane raters = new FlowPane(8, 8);
    private final List<RaterCard> cards = new ArrayList<>();
    private int cardsUsed;
    private final VBox history = new VBox(2);

    VerdictHistoryView() {
        super(6);
        raters.setId("raterPanel");
        history.setId("history");
        getChildren().setAll(raters, history);
    }

    /** Fills the cards and the history; {@code hidden}: blind, the machine labels are not shown. */
    void show(TraceDetail d, boolean hidden) {
        cardsUsed = 0;
        List<Node> shown = new ArrayList<>();
        history.getChildren().clear();
        if (hidden) {
            Label l = new Label("Blind mode: machine labels are hidden until you decide (1–"
                    + d.labelSet().size() + ").");
            l.setId("blindNotice");
            l.getStyleClass().add("blind-notice");
            // the whole sentence in a narrow pane: wrapped to the pane's width (it was cut off at the right)
            l.setWrapText(true);
            l.prefWidthProperty().bind(raters.widthProperty().subtract(4));
            l.setMinHeight(Region.USE_PREF_SIZE);
            shown.add(l);
        } else {
            if (d.rule() != null && (d.ruleSource() == null || d.ruleSource().contains("computed"))) {
                shown.add(card(
                        "rule (tolerant)",
                        "computed now",
                        d.rule().label(),
                        "check: " + d.rule().check(),
                        null,
                        d.rule().toReadableText(),
                        "rule-card"));
            }
            for (ProjectQueries.LabelDetail l : d.labels()) {
                shown.add(labelCard(l));
            }
            TraceTable.Row r = d.row();
            if (r != null && r.values().containsKey("ensemble")) {
                shown.add(card("ensemble", "majority vote", r.get("ensemble"), null, null, null, "derived-card"));
            }
            if (r != null) {
                shown.add(card(
                        "final", "latest decision, else ensemble", r.get("final"), null, null, null, "derived-card"));
            }
        }
        if (!raters.getChildren().equals(shown)) {
            raters.getChildren().setAll(shown);
        }
        if (!d.history().isEmpty()) {
            history.getChildren().add(TraceView.title("Decisions"));
            for (Adjudication a : d.history()) {
                Label l = new Label(TIME.format(a.createdAt()) + "  " + a.annotator() + "  "
                        + (a.withdrawn() ? "withdrew" : a.value())
                        + (a.rationale() == null || a.rationale().isBlank() ? "" : "  — " + a.rationale()));
                l.getStyleClass().add("history-entry");
                history.getChildren().add(l);
            }
        }
    }

    /** The card of one imported or judged label: its rater, confidence, scores, and why it has no valid label. */
    private RaterCard labelCard(ProjectQueries.LabelDetail l) {
        String name = l.raterVersion() == null || l.raterVersion().isEmpty()
                ? l.raterName()
                : l.raterName() + "@" + l.raterVersion();
        StringBuilder meta = new StringBuilder();
        if (l.confidence() != null) {
            meta.append("confidence ").append(l.confidence());
        }
        if (l.scores() != null) {
            meta.append(meta.length() > 0 ? " · " : "").append("scores ").append(l.scores());
        }
        if ("null".equals(l.action())) {
            meta.append(meta.length() > 0 ? " · " : "")
                    .append("no valid label: ")
                    .append(l.nullReason() == null ? "" : l.nullReason());
        }
        return card(name, l.kind().code(), l.value(), meta.toString(), l.rationale(), l.raw(), "rater-card");
    }

    /** The next card of the rater panel, reused from the previous trace when there is one. */
    private RaterCard card(String name, String kind, String value, String meta, String why, String raw, String cls) {
        RaterCard c = cardsUsed < cards.size() ? cards.get(cardsUsed) : null;
        if (c == null) {
            c = new RaterCard();
            cards.add(c);
        }
        cardsUsed++;
        c.fill(name, kind, value, meta, why, raw, cls);
        return c;
    }
}
