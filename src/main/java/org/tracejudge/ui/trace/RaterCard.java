package org.tracejudge.ui.trace;

import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.ui.common.LazyTooltip;

/**
 * One rater in the trace view's rater panel: name and kind, the label as a badge, then meta (confidence,
 * scores), the reasoning and a link to the raw output when there are any. The panel keeps its cards from trace
 * to trace and refills them ({@link #fill}), so moving to the next trace restyles text, not a new set of nodes.
 */
final class RaterCard extends VBox {
    private static final List<String> KINDS = List.of("rule-card", "rater-card", "derived-card");
    private final Label name = new Label();
    private final Label kind = new Label();
    private final Label value = new Label();
    private final Label meta = new Label();
    private final Label why = new Label();
    private final Hyperlink raw = new Hyperlink("raw output…");
    private String rawText;
    private String fullWhy;
    private String valueClass;

    RaterCard() {
        super(3);
        name.getStyleClass().add("card-name");
        kind.getStyleClass().add("card-kind");
        value.getStyleClass().add("badge");
        meta.setWrapText(true);
        meta.getStyleClass().add("card-meta");
        why.setWrapText(true);
        why.getStyleClass().add("card-why");
        // the full reasoning on hover, read when the tooltip is first made
        LazyTooltip.install(why, (Supplier<String>) () -> fullWhy);
        raw.setOnAction(e -> showRaw());
        // the rater's name whole, its kind beside it or (a long name) below it
        name.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().addAll(new javafx.scene.layout.FlowPane(6, 0, name, kind), value, meta, why, raw);
        getStyleClass().add("card");
        // widths in em (workbench.css .card): two cards side by side in a trace pane of 470 px, more when wider
    }

    /** Shows one rater; {@code meta}, {@code why} and {@code raw} may be null or blank (then hidden). */
    void fill(String name, String kind, String value, String meta, String why, String raw, String cls) {
        this.name.setText(name);
        this.kind.setText(kind);
        this.value.setText(value == null ? "—" : value);
        String vc = value == null ? "label-missing" : "label-" + value.replace('_', '-');
        if (!vc.equals(valueClass)) {
            if (valueClass != null) {
                this.value.getStyleClass().remove(valueClass);
            }
            this.value.getStyleClass().add(vc);
            valueClass = vc;
        }
        show(this.meta, meta);
        fullWhy = why;
        show(this.why, why == null || why.isBlank() ? null : TraceView.shorten(why, 220));
        rawText = raw;
        this.raw.setVisible(raw != null && !raw.isBlank());
        this.raw.setManaged(this.raw.isVisible());
        if (!getStyleClass().contains(cls)) {
            getStyleClass().removeAll(KINDS);
            getStyleClass().add(cls);
        }
    }

    private static void show(Label l, String text) {
        boolean any = text != null && !text.isBlank();
        l.setText(any ? text : "");
        l.setVisible(any);
        l.setManaged(any);
    }

    private void showRaw() {
        TextArea ta = new TextArea(rawText);
        ta.setEditable(false);
        ta.setWrapText(true);
        ta.setPrefSize(640, 420);
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        a.setTitle("Raw output — " + name.getText());
        a.setHeaderText(name.getText());
        a.getDialogPane().setContent(ta);
        a.show();
    }
}
