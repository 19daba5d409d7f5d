package org.tracejudge.cli;

/** Runs the command line in-process for tests outside this package. */
public final class CliAccess {
    private CliAccess() {}

    public record Run(int code, String out, String err) {}

    public static Run run(String... args) {
        CliTest.Run r = CliTest.run(args);
        return new Run(r.code(), r.out(), r.err());
    }
}
