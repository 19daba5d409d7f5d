package org.tracejudge.ui.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tracejudge.json.Json;
import org.tracejudge.model.ToolCall;
import org.tracejudge.ui.common.LazyTooltip;

/**
 * The expected call beside the executed calls, each executed call marked as the one expected or another: a part of
 * the {@link TraceView}, refilled on every trace from its {@link TraceDetail} (what it says is {@link CallsShown}'s
 * where it is more than a label). It holds no state.
 */
final class CallsView extends HBox {
    private final VBox expected = new VBox(2);
    private final VBox executed = new VBox(2);

    CallsView() {
        super(10);
        getChildren().setAll(box("Expected call", expected), box("Executed calls", executed));
        for (Node n : getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((Region) n).setMaxWidth(Double.MAX_VALUE);
            ((Region) n).setPrefWidth(100); // the two boxes share the width equally
            ((Region) n).setMinWidth(0);
        }
    }

    private static VBox box(String title, VBox content) {
        VBox b = new VBox(3, TraceView.title(title), content);
        b.getStyleClass().add("call-box");
        b.setPadding(new Insets(4, 6, 4, 6));
        return b;
    }

    void show(TraceDetail d) {
        expected.getChildren().clear();
        executed.getChildren().clear();
        ToolCall exp = d.task().expectedCall();
        // an imported agent run (OpenTelemetry, Langfuse, Inspect…) names no expected call: say so, and judge no call
        boolean unknown = exp == null
                && (org.tracejudge.rules.RuleClassifier.unclassifiable(d.task()) != null
                        || CallsShown.agentRun(d.task()));
        if (unknown) {
            expected.getChildren().add(TraceView.muted("not given (an agent run)"));
        } else if (d.task().type() == org.tracejudge.model.TaskType.TOOL_SELECTION) {
            // a selection input's ground truth is its expected set of tools (none: no tool should fire)
            List<String> tools = new java.util.ArrayList<>();
            if (d.task().body() != null) {
                d.task().body().path("expected_tools").forEach(t -> tools.add(t.asText()));
            }
            expected.getChildren()
                    .add(
                            tools.isEmpty()
                                    ? TraceView.muted("expected tools: none should fire")
                                    : new Label("expected tools: " + String.join(", ", tools)));
        } else if (exp == null) {
            expected.getChildren().add(TraceView.muted("none: no tool is needed"));
        } else {
            expected.getChildren().add(call(exp, null));
        }
        boolean selection = d.task().type() == org.tracejudge.model.TaskType.TOOL_SELECTION;
        java.util.Set<String> expectedSet = new java.util.HashSet<>();
        if (selection && d.task().body() != null) {
            d.task().body().path("expected_tools").forEach(t -> expectedSet.add(t.asText()));
        }
        if (selection && d.trace().executedCalls().isEmpty()) {
            // an NLT selector answers in text (Tool: YES/NO); the rule reads its choices from the final answer
            executed.getChildren().add(TraceView.muted("none: the answer lists its choices"));
        } else if (d.trace().executedCalls().isEmpty()
                && CallsShown.seenOnlyByResult(d.trace()).isEmpty()) {
            Label none = TraceView.muted("no tool was called");
            if (exp != null) {
                none.getStyleClass().add("call-missing");
            }
            executed.getChildren().add(none);
        }
        // results whose call the file does not record (an Inspect log of tool messages only): the tool did run
        CallsShown.seenOnlyByResult(d.trace()).forEach((name, n) -> {
            Label l = new Label(name + (n > 1 ? " ×" + n : "") + ": its result" + (n > 1 ? "s are" : " is")
                    + " below; the call itself is not in the file");
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.getStyleClass().addAll("call", "call-from-result");
            executed.getChildren().add(l);
        });
        for (ToolCall c : d.trace().executedCalls()) {
            executed.getChildren()
                    .add(call(
                            c,
                            unknown
                                    ? null
                                    : selection
                                            ? Boolean.valueOf(expectedSet.contains(c.name()))
                                            : exp == null
                                                    ? Boolean.FALSE
                                                    : Boolean.valueOf(c.name().equals(exp.name()))));
        }
    }

    private static Node call(ToolCall c, Boolean matches) {
        String args = c.arguments() == null || c.arguments().isNull() ? "" : Json.write(c.arguments());
        Label l = new Label((matches == null ? "" : matches ? "✓ " : "✗ ") + c.name() + "("
                + TraceView.shorten(readable(c.arguments()), 160) + ")");
        l.setWrapText(true);
        l.setMinWidth(0);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add("call");
        if (matches != null) {
            l.getStyleClass().add(matches ? "call-match" : "call-other");
        }
        LazyTooltip.install(l, c.name() + "\n" + args);
        return l;
    }

    /**
     * Arguments as {@code key: value, key: value}: a narrow box wraps them between arguments, where the JSON
     * ({@code {"key":"value"}}) broke inside a word.
     */
    static String readable(JsonNode args) {
        if (args == null || args.isNull() || args.isMissingNode()) {
            return "";
        }
        if (!args.isObject()) {
            return Json.write(args);
        }
        StringBuilder sb = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> f = args.properties().iterator();
        while (f.hasNext()) {
            Map.Entry<String, JsonNode> e = f.next();
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(e.getKey())
                    .append(": ")
                    .append(Json.write(e.getValue()));
        }
        return sb.toString();
    }
}
