package org.tracejudge.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Progress that fits where output goes: on a terminal a bar redrawn in place on stderr (done, percent, ETA), at most
 * ten times a second and cleared when the work ends; when stderr is not a terminal, with {@code -q}, or under
 * {@code TERM=dumb}, nothing (the command prints only its summary). {@code NO_COLOR} (https://no-color.org) turns
 * the bar's colour off. Safe to call from any thread.
 */
final class ProgressBar implements AutoCloseable {
    /** Whether stderr is a terminal; set once by the launcher ({@link #detectTerminal}), false in tests. */
    static volatile boolean stderrIsTerminal;

    private static final long REDRAW_NANOS = 100_000_000L;
    private static final ProgressBar OFF = new ProgressBar(null, "", false, System::nanoTime);

    private final PrintWriter err;
    private final String label;
    private final boolean colour;
    private final LongSupplier clock;
    private final long start;
    private long lastDraw;
    private boolean drawn;
    private int lastWidth;

    ProgressBar(PrintWriter err, String label, boolean colour, LongSupplier clock) {
        this.err = err;
        this.label = label;
        this.colour = colour;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    /** A bar for the command being run, or one that draws nothing when progress does not fit (see the class comment). */
    static ProgressBar forCommand(CommandSpec spec, String label) {
        if (!stderrIsTerminal
                || TracejudgeCli.verbosity(spec) == TracejudgeCli.Verbosity.QUIET
                || "dumb".equals(System.getenv("TERM"))) {
            return OFF;
        }
        return new ProgressBar(
                TerminalText.raw(spec.commandLine().getErr()), // the bar's own \r and colours
                TerminalText.neutralise(label),
                colourAllowed(System.getenv("NO_COLOR"), System.getenv("TERM")),
                System::nanoTime);
    }

    /** https://no-color.org: any non-empty NO_COLOR turns colour off. */
    static boolean colourAllowed(String noColor, String term) {
        return (noColor == null || noColor.isEmpty()) && !"dumb".equals(term);
    }

    /** Whether standard error is a terminal (Linux: /proc; elsewhere: the JVM has a console). */
    static boolean detectTerminal() {
        try {
            Path fd2 = Path.of("/proc/self/fd/2");
            if (Files.exists(fd2)) {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (Exception | Error e) {
            // fall through
        }
        return hasConsole();
    }

    // on the Java 17 runtime we ship, System.console() is null unless both standard streams are a terminal
    @SuppressWarnings("SystemConsoleNull")
    private static boolean hasConsole() {
        return System.console() != null;
    }

    boolean drawing() {
        return err != null;
    }

    /** {@code done} of {@code total} units ({@code bytes} true: shown in MB). */
    synchronized void update(long done, long total, boolean bytes) {
        if (err == null) {
            return;
        }
        long now = clock.getAsLong();
        if (drawn && now - lastDraw < REDRAW_NANOS && done < total) {
            return;
        }
        drawn = true;
        lastDraw = now;
        String line = render(done, total, bytes, now - start, width(), colour);
        int visible = visibleLength(line);
        err.print("\r" + line + " ".repeat(Math.max(0, lastWidth - visible)));
        err.flush();
        lastWidth = visible;
    }

    /** The bar's text (pure: tested on its own). */
    String render(long done, long total, boolean bytes, long elapsedNanos, int columns, boolean withColour) {
        double f = total <= 0 ? 0 : Math.min(1, (double) done / total);
        String amount = bytes
                ? String.format(Locale.ROOT, "%.1f/%.1f MB", done / 1e6, total / 1e6)
                : String.format(Locale.ROOT, "%d/%d", done, total);
        String eta = "";
        if (done > 0 && done < total && elapsedNanos > 500_000_000L) {
            long left = (long) (elapsedNanos / 1e9 * (total - done) / done);
            eta = String.format(Locale.ROOT, "  ETA %d:%02d", left / 60, left % 60);
        }
        String tail = String.format(Locale.ROOT, " %3d%%  %s%s", (int) Math.floor(100 * f), amount, eta);
        int barWidth = Math.max(10, Math.min(40, columns - label.length() - tail.length() - 4));
        int filled = (int) Math.round(f * barWidth);
        String fill = "#".repeat(filled);
        String rest = "-".repeat(barWidth - filled);
        String bar = withColour ? "\u001b[32m" + fill + "\u001b[0m" + rest : fill + rest;
        return label + " [" + bar + "]" + tail;
    }

    private static int visibleLength(String s) {
        return s.replaceAll("\u001b\\[[0-9;]*m", "").length();
    }

    private static int width() {
        try {
            String c = System.getenv("COLUMNS");
            return c == null ? 80 : Integer.parseInt(c.strip());
        } catch (NumberFormatException e) {
            return 80;
        }
    }

    /** Clears the bar's line, so what follows starts on a clean line. */
    @Override
    public synchronized void close() {
        if (err != null && lastWidth > 0) {
            err.print("\r" + " ".repeat(lastWidth) + "\r");
            err.flush();
            lastWidth = 0;
        }
    }
}
