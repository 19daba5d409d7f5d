package org.tracejudge.ui;

/** The UI test's scheme of the kinds the mental-health review lacks, for the walk's unit test in another package. */
public final class SchemeWorkbenchUiTestAccess {
    private SchemeWorkbenchUiTestAccess() {}

    public static String toolsScheme() {
        return SchemeWorkbenchUiTest.TOOLS_SCHEME;
    }
}
