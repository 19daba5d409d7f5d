package org.tracejudge.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.tracejudge.judges.JudgeListener;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A judge run's progress where output goes: the bar on a terminal; with {@code -v} and no terminal, a line on stderr at
 * most every two seconds (for logs); otherwise nothing, only the final summary.
 */
final class JudgeProgress implements JudgeListener, AutoCloseable {
    private final ProgressBar bar;
    private final PrintWriter lines;
    private long lastLine = System.nanoTime();

    private JudgeProgress(ProgressBar bar, PrintWriter lines) {
        this.bar = bar;
        this.lines = lines;
    }

    static JudgeProgress forCommand(CommandSpec spec) {
        ProgressBar bar = ProgressBar.forCommand(spec, "judging");
        boolean log = !bar.drawing() && TracejudgeCli.verbosity(spec) == TracejudgeCli.Verbosity.VERBOSE;
        return new JudgeProgress(bar, log ? spec.commandLine().getErr() : null);
    }

    @Override
    public void progress(int done, int planned, long elapsedMillis, long etaMillis) {
        bar.update(done, planned, false);
        long now = System.nanoTime();
        if (lines == null || now - lastLine < 2_000_000_000L || done >= planned) {
            return;
        }
        lastLine = now;
        lines.printf(
                Locale.ROOT,
                "judged %d of %d (%.0f%%)%s%n",
                done,
                planned,
                100.0 * done / planned,
                etaMillis < 0 ? "" : String.format(Locale.ROOT, ", about %d s left", (etaMillis + 999) / 1000));
        lines.flush();
    }

    @Override
    public void close() {
        bar.close();
    }
}
