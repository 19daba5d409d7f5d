package org.tracejudge.store;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Times what the workbench asks of the trace table on a filter or sort change (the count, the first page, the whole
 * id list: TraceTableViewModel's three steps) for each quick filter, some label-column filters and sorts, and the
 * search, read through schema 16's summary and, with {@code old}, through the ledger as before schema 16; wall time
 * and this thread's CPU time (SQLite runs on it). With {@code --open-copy COPY} it first times opening (and so
 * migrating) a copy of the project. Usage: {@code FilterSummaryBench PROJECT [old] [--open-copy COPY]}; e.g. on
 * bench/ui-bench.sh's project (BigProject: 100 or 1,000 models x 1,000 traces, two judges).
 */
public final class FilterSummaryBench {
    private FilterSummaryBench() {}

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        boolean old = List.of(args).contains("old");
        boolean queue = List.of(args).contains("queue");
        int copy = List.of(args).indexOf("--open-copy");
        if (copy >= 0) {
            Path to = Path.of(args[copy + 1]);
            Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            file = to;
            time("open, migrating", () -> {
                try (Project p = Project.open(to)) {
                    return p.read(c -> ProjectSchema.version(to, c));
                }
            });
        }
        try (Project p = Project.open(file, Project.OpenOptions.existing().checkInBackground())) {
            TraceTable t = new TraceTable(p, TraceTable.layout(p, "bench"));
            String judge = t.layout().judgeRaters().isEmpty()
                    ? null
                    : t.layout().judgeRaters().get(0);
            List<Object[]> cases = new ArrayList<>();
            TraceTable.Filter all = TraceTable.Filter.NONE;
            for (TraceTable.Show s : List.of(
                    TraceTable.Show.DISAGREE,
                    TraceTable.Show.PENDING,
                    TraceTable.Show.RULE_VS_JUDGES,
                    TraceTable.Show.JUDGES_SPLIT,
                    TraceTable.Show.NOT_MINE)) {
                cases.add(new Object[] {all.withShow(s), TraceTable.Sort.DEFAULT});
            }
            if (judge != null) {
                cases.add(new Object[] {all.with(judge, "correct"), TraceTable.Sort.DEFAULT});
                cases.add(new Object[] {all.with(judge, TraceTable.MISSING), TraceTable.Sort.DEFAULT});
            }
            cases.add(new Object[] {all.with("final", TraceTable.MISSING), TraceTable.Sort.DEFAULT});
            cases.add(new Object[] {all.with("ensemble", "correct"), TraceTable.Sort.DEFAULT});
            cases.add(new Object[] {all.withSearch("revenue"), TraceTable.Sort.DEFAULT});
            if (judge != null) {
                cases.add(new Object[] {all, new TraceTable.Sort(judge, false)});
            }
            cases.add(new Object[] {all, new TraceTable.Sort("final", true)});
            for (int round = 0; round < Integer.getInteger("tracejudge.rounds", 2); round++) {
                System.out.println("round " + round + "  (load " + load() + ")");
                for (boolean summary : old ? new boolean[] {true, false} : new boolean[] {true}) {
                    t.summary = summary;
                    for (Object[] c : cases) {
                        TraceTable.Filter f = (TraceTable.Filter) c[0];
                        TraceTable.Sort s = (TraceTable.Sort) c[1];
                        String what = (summary ? "" : "[ledger] ")
                                + t.describe(f)
                                + (s.key() == null ? "" : " sorted by " + s.key() + (s.descending() ? " desc" : ""));
                        if (queue) {
                            queue(t, f, s, what);
                            continue;
                        }
                        long w0 = System.nanoTime();
                        long c0 = CPU.getCurrentThreadCpuTime();
                        int n = t.count(f);
                        long w1 = System.nanoTime();
                        t.firstPage(f, s, 200);
                        long w2 = System.nanoTime();
                        int ids = t.ids(f, s).size();
                        long w3 = System.nanoTime();
                        long c1 = CPU.getCurrentThreadCpuTime();
                        System.out.printf(
                                "  %-52s %,9d  count %6.2f s  first page %5.2f s  ids %5.2f s  = %5.2f s wall %5.2f s"
                                        + " CPU%s%n",
                                what,
                                n,
                                (w1 - w0) / 1e9,
                                (w2 - w1) / 1e9,
                                (w3 - w2) / 1e9,
                                (w3 - w0) / 1e9,
                                (c1 - c0) / 1e9,
                                ids == n ? "" : "  (ids " + ids + ")");
                    }
                }
            }
        }
    }

    /** Rows per page of the workbench's table (ui.table.PagedRows.PAGE). */
    private static final int PAGE = 100;

    /**
     * What the workbench's table waits for on a filter change, both ways, back to back: before issue 51's lazy list, the
     * whole id list and then the first page's rows; now (TraceTableViewModel.publishOpening) the count and the first
     * page (a search: the first page its one scan finds), after which the rows are on screen, and then the id list.
     */
    private static void queue(TraceTable t, TraceTable.Filter f, TraceTable.Sort s, String what) {
        long w0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        List<String> all = t.ids(f, s);
        t.rows(all.subList(0, Math.min(PAGE, all.size())));
        long w1 = System.nanoTime();
        long c1 = CPU.getCurrentThreadCpuTime();
        long[] shown = new long[2];
        boolean search = !f.search().isEmpty();
        int n = search ? -1 : t.count(f);
        if (!search) {
            t.firstPage(f, s, PAGE);
            shown[0] = System.nanoTime();
            shown[1] = CPU.getCurrentThreadCpuTime();
        }
        List<String> list = t.ids(
                f,
                s,
                () -> false,
                PAGE,
                search
                        ? first -> {
                            t.rows(first);
                            shown[0] = System.nanoTime();
                            shown[1] = CPU.getCurrentThreadCpuTime();
                        }
                        : null);
        long w2 = System.nanoTime();
        long c2 = CPU.getCurrentThreadCpuTime();
        System.out.printf(
                "  %-52s %,9d  before: rows after %5.2f s wall %5.2f s CPU;  now: rows after %5.2f s wall %5.2f s CPU,"
                        + " list complete after %5.2f s wall %5.2f s CPU%s%n",
                what,
                list.size(),
                (w1 - w0) / 1e9,
                (c1 - c0) / 1e9,
                (shown[0] - w1) / 1e9,
                (shown[1] - c1) / 1e9,
                (w2 - w1) / 1e9,
                (c2 - c1) / 1e9,
                n < 0 || n == list.size() ? "" : "  (count " + n + ")");
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static void time(String what, Supplier<Integer> s) {
        long w0 = System.nanoTime();
        long c0 = CPU.getCurrentThreadCpuTime();
        int n = s.get();
        System.out.printf(
                "  %-52s %6.2f s wall %6.2f s CPU (this thread)  load %s  -> %d%n",
                what, (System.nanoTime() - w0) / 1e9, (CPU.getCurrentThreadCpuTime() - c0) / 1e9, load(), n);
    }
}
