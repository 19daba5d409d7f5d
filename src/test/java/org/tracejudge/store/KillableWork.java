package org.tracejudge.store;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.tracejudge.importer.Format;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.Importer;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;

/**
 * The child side of {@link CrashSafetyTest}: real imports and labelling, announcing on stdout how far
 * it got so the parent can SIGKILL it at a known point.
 */
public final class KillableWork {
    private KillableWork() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        Path projectFile = Path.of(args[1]);
        switch (args[0]) {
            case "import" -> {
                long pauseAfter = Long.parseLong(args[3]);
                try (Project p = Project.open(projectFile, Project.OpenOptions.createIfMissing(null))) {
                    ImportListener listener = new ImportListener() {
                        boolean announced;

                        @Override
                        public void written(long rows) {
                            if (rows >= pauseAfter && !announced) {
                                announced = true;
                                out.println("MIDWAY " + rows);
                                out.flush();
                                sleepForever();
                            }
                        }
                    };
                    new Importer(p, listener).importFiles(List.of(Path.of(args[2])), Format.AUTO, null);
                    out.println("DONE");
                }
            }
            case "label" -> {
                try (Project p = Project.open(projectFile)) {
                    List<String> traces = p.read(c -> {
                        List<String> ids = new java.util.ArrayList<>();
                        try (var s = c.createStatement();
                                var rs = s.executeQuery("SELECT id FROM trace ORDER BY id")) {
                            while (rs.next()) {
                                ids.add(rs.getString(1));
                            }
                        }
                        return ids;
                    });
                    String rater = p.write(c -> Ledger.ensureRater(c, "burst", RaterKind.HUMAN, "", null, null));
                    String[] values = {"correct", "tool_skip", "result_ignore", "output_fabrication"};
                    for (int i = 0; ; i++) {
                        String trace = traces.get(i % traces.size());
                        String value = values[i % values.length];
                        String id =
                                p.write(c -> Ledger.append(c, null, Ledger.Entry.set(trace, rater, value, "burst")));
                        out.println("COMMITTED " + id);
                        out.flush();
                    }
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static String raterId() {
        return Ids.of("rater", "burst", "");
    }

    private static void sleepForever() {
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
