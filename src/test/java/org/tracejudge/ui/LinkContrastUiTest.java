package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Hyperlink;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Walked in the dark theme at 1280×800 and 1920×1080 (issue 36): the links — "raw output…" on the rater cards,
 * "all definitions" under the decision keys, the conversation's "Jump to evidence…" — were drawn in the accent
 * colour (#3d7ab0), 2.9:1 on the cards and 3.2:1 on the window: below WCAG's 4.5:1 for text. Every link the window
 * shows, in the light and the dark theme, reads ≥ 4.5:1 on what is drawn behind it (the nearest opaque background
 * of the link or its parents), colours as the style sheets compute them.
 */
abstract class LinkContrastUiTest extends WindowTest {
    abstract String theme();

    @Override
    String settingsJson() {
        return "{\"annotator\": \"tester\", \"texts\": {\"view.theme\": \"" + theme() + "\"}}";
    }

    @Test
    void everyLinkReadsAtLeast45To1OnItsBackground(FxRobot robot) {
        opened(robot);
        // the tour's conversation adds the evidence links of the call panel
        robot.clickOn("File");
        robot.clickOn("Open the tour of trace kinds");
        waitFor(
                "the tour",
                () -> !vm().session().loadingProperty().get()
                        && vm().table().totalProperty().get() == 36);
        robot.interact(
                () -> vm().table().setFilter(org.tracejudge.store.TraceTable.Filter.NONE.with("task", "dia-001")));
        waitFor(
                "a conversation",
                () -> !vm().session().loadingProperty().get()
                        && vm().trace().detailProperty().get() != null
                        && vm().trace().detailProperty().get().calls() != null
                        && app.window().traceView().conversationView().getScene() != null);
        List<Hyperlink> links = new ArrayList<>();
        collect(stage.getScene().getRoot(), links);
        assertTrue(links.size() >= 3, "links on screen: " + links.size());
        List<String> low = new ArrayList<>();
        for (Hyperlink l : links) {
            Color fg = (Color) l.getTextFill();
            Color bg = background(l);
            double c = contrast(fg, bg);
            if (c < 4.5) {
                low.add("'" + l.getText() + "' " + fg + " on " + bg + ": " + String.format("%.2f", c));
            }
        }
        assertEquals(List.of(), low, theme() + " theme: links under 4.5:1");
    }

    private static void collect(Node n, List<Hyperlink> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Hyperlink h && h.getText() != null && !h.getText().isBlank()) {
            out.add(h);
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, out);
            }
        }
    }

    /** The nearest opaque colour drawn behind a node: its own or a parent's last opaque background fill. */
    private Color background(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof Region r && r.getBackground() != null) {
                List<BackgroundFill> fills = r.getBackground().getFills();
                for (int i = fills.size() - 1; i >= 0; i--) {
                    if (fills.get(i).getFill() instanceof Color c && c.getOpacity() == 1) {
                        return c;
                    }
                }
            }
        }
        return (Color) stage.getScene().getFill();
    }

    private static double luminance(Color c) {
        double[] v = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int i = 0; i < 3; i++) {
            v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : Math.pow((v[i] + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    }

    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }
}

class LinkContrastLightUiTest extends LinkContrastUiTest {
    @Override
    String theme() {
        return "light";
    }
}

class LinkContrastDarkUiTest extends LinkContrastUiTest {
    @Override
    String theme() {
        return "dark";
    }
}
