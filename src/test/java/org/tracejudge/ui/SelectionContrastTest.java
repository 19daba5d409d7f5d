package org.tracejudge.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The selected row must be visible when the table has not the focus (issue 36: it was 1.5:1 and the next Enter
 * decides that row): in the shipped light and dark style sheets, the unfocused selection bar stands ≥ 3:1 against
 * the rows (WCAG 2.1 non-text contrast) and the white text on it ≥ 4.5:1. Relative luminance and contrast as WCAG
 * defines them.
 */
class SelectionContrastTest {
    private static String css(String name) throws Exception {
        try (InputStream in = SelectionContrastTest.class.getResourceAsStream("/org/tracejudge/ui/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String colour(String css, String property) {
        Matcher m = Pattern.compile(Pattern.quote(property) + ":\\s*(#[0-9a-fA-F]{6})")
                .matcher(css);
        assertTrue(m.find(), property + " is set");
        return m.group(1);
    }

    static double luminance(String hex) {
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            c[i] = v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }

    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    @Test
    void theUnfocusedSelectionIsVisibleInBothThemes() throws Exception {
        String light = colour(css("workbench.css"), "-fx-selection-bar-non-focused");
        // Modena's light rows: white and its alternate (#f9f9f9)
        for (String row : new String[] {"#ffffff", "#f9f9f9"}) {
            assertTrue(contrast(light, row) >= 3, "light " + light + " on " + row + ": " + contrast(light, row));
        }
        assertTrue(contrast("#ffffff", light) >= 4.5, "white text on " + light);
        String darkCss = css("dark.css");
        String dark = colour(darkCss, "-fx-selection-bar-non-focused");
        for (String row : new String[] {
            colour(darkCss, "-fx-control-inner-background"), colour(darkCss, "-fx-control-inner-background-alt")
        }) {
            assertTrue(contrast(dark, row) >= 3, "dark " + dark + " on " + row + ": " + contrast(dark, row));
        }
        assertTrue(contrast("#ffffff", dark) >= 4.5, "white text on " + dark);
        assertNotNull(light);
    }
}
