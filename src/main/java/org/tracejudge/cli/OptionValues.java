package org.tracejudge.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Checks of an option value's shape made before a command opens anything: a wrong shape is a usage error (exit 2). */
final class OptionValues {
    private OptionValues() {}

    /**
     * {@code value} (when given) as two non-blank names separated by one comma, stripped.
     *
     * @throws CommandLine.ParameterException naming the option and what it takes
     */
    static String[] pair(CommandSpec spec, String option, String value, String what) {
        if (value == null) {
            return null;
        }
        String[] parts = value.split(",", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    option + " takes two " + what + " separated by a comma (A,B), not '" + value + "'");
        }
        return new String[] {parts[0].strip(), parts[1].strip()};
    }
}
