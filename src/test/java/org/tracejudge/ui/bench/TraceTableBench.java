package org.tracejudge.ui.bench;

import java.nio.file.Path;
import java.util.function.Supplier;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/** Times the trace table's paged queries on a project (e.g. the 100,000-trace benchmark project). */
public final class TraceTableBench {
    private TraceTableBench() {}

    public static void main(String[] args) {
        long t0 = System.nanoTime();
        try (Project p =
                Project.open(Path.of(args[0]), Project.OpenOptions.existing().checkInBackground())) {
            System.out.printf("  %-28s %7.1f ms%n", "open (check in background)", (System.nanoTime() - t0) / 1e6);
            long t1 = System.nanoTime();
            TraceTable t = new TraceTable(p, TraceTable.layout(p, "bench"));
            System.out.printf("  %-28s %7.1f ms%n", "layout", (System.nanoTime() - t1) / 1e6);
            TraceTable.Filter all = TraceTable.Filter.NONE;
            for (int round = 0; round < Integer.getInteger("tracejudge.rounds", 3); round++) {
                System.out.println("round " + round);
                time("count all", () -> t.count(all));
                time("first page", () -> t.page(all, TraceTable.Sort.DEFAULT, 0, 200)
                        .size());
                time("first page, model by model", () -> t.firstPage(all, TraceTable.Sort.DEFAULT, 200)
                        .size());
                time("page at 50,000", () -> t.page(all, TraceTable.Sort.DEFAULT, 50_000, 200)
                        .size());
                time("sort by final, first page", () -> t.page(all, new TraceTable.Sort("final", true), 0, 200)
                        .size());
                TraceTable.Filter dis = all.withShow(TraceTable.Show.DISAGREE);
                time("count disagree", () -> t.count(dis));
                time("disagree first page, by model", () -> t.firstPage(dis, TraceTable.Sort.DEFAULT, 200)
                        .size());
                time("disagree first page", () -> t.page(dis, TraceTable.Sort.DEFAULT, 0, 200)
                        .size());
                TraceTable.Filter pend = all.withShow(TraceTable.Show.PENDING);
                time("count pending", () -> t.count(pend));
                TraceTable.Filter search = all.withSearch("revenue");
                time("count search", () -> t.count(search));
                time("search first page", () -> t.page(search, TraceTable.Sort.DEFAULT, 0, 200)
                        .size());
                TraceTable.Filter model = all.with("model", "model-042");
                time("count model", () -> t.count(model));
                time("model first page", () -> t.page(model, TraceTable.Sort.DEFAULT, 0, 200)
                        .size());
            }
        }
    }

    static void time(String what, Supplier<Integer> s) {
        long t0 = System.nanoTime();
        int n = s.get();
        System.out.printf("  %-28s %7.1f ms  (%d)%n", what, (System.nanoTime() - t0) / 1e6, n);
    }
}
