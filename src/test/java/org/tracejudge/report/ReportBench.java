package org.tracejudge.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.tracejudge.store.Project;

/**
 * Times the study report on a project (issue 50's figures: 100,000 traces in 10 s or less, a page of 5 MB or less)
 * and prints the time of each section. Usage: {@code ReportBench <project.tjdb> <out.html> [--source NAME]}; build a
 * 100,000-trace project with {@code ui.bench.BigProject <corpus> big.tjdb 100 1000}.
 */
public final class ReportBench {
    private ReportBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Path out = Path.of(args[1]);
        String source = args.length > 3 && args[2].equals("--source") ? args[3] : null;
        long t0 = System.nanoTime();
        long[] last = {t0};
        String[] what = {"open"};
        StudyReport.Report report;
        try (Project p = Project.open(file)) {
            report = StudyReport.collect(
                    p,
                    file,
                    source,
                    "bench",
                    (done, of, next) -> {
                        long now = System.nanoTime();
                        System.out.printf(Locale.ROOT, "  %-28s %6.2f s%n", what[0], (now - last[0]) / 1e9);
                        last[0] = now;
                        what[0] = next;
                    },
                    () -> false);
        }
        long t1 = System.nanoTime();
        String html = ReportHtml.render(report);
        org.tracejudge.output.OutputFile.write(
                out,
                tmp -> {
                    Files.writeString(tmp, html, StandardCharsets.UTF_8);
                    return null;
                },
                file);
        long t2 = System.nanoTime();
        Runtime rt = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "figures %.2f s, page %.2f s, total %.2f s; page %.2f MB; heap used %d MB of max %d MB%n",
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9,
                (t2 - t0) / 1e9,
                Files.size(out) / 1e6,
                (rt.totalMemory() - rt.freeMemory()) >> 20,
                rt.maxMemory() >> 20);
    }
}
