package org.tracejudge.ui.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * What opening a scheme project reads for the question bar's table columns (issue 49), on a project where a judge
 * answered the five questions of {@link QuestionBarBench#SCHEME} on every trace and the annotator a few: every rater's
 * answers per question filtered to mine (as before) against my answers only ({@link Answers#ofRater}). Prints wall and
 * thread-CPU milliseconds of each, best of {@code rounds}. Usage: {@code MyAnswersBench <copy-of-project.tjdb>
 * [rounds=5]} (the copy gets the scheme and the answers).
 */
public final class MyAnswersBench {
    private MyAnswersBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (Project p = Project.open(file)) {
            if (p.read(SchemeVersions::current) == null) {
                p.write(c -> SchemeVersions.append(
                        c,
                        "bench-five",
                        SchemeFile.write(SchemeFile.parse(QuestionBarBench.SCHEME, "bench-five.yaml")),
                        null,
                        null,
                        "bench"));
            }
            Scheme s = SchemeFile.parse(p.read(SchemeVersions::current).body(), "scheme");
            String me = "bench";
            String myId = Ids.of("rater", me, "");
            long had = p.read(c -> {
                try (var st = c.createStatement();
                        var rs = st.executeQuery("SELECT count(*) FROM answer")) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            });
            if (had == 0) {
                p.write(c -> {
                    String judge = Ledger.ensureRater(c, "bench-judge", RaterKind.LLM_JUDGE, null, null, null);
                    Ledger.ensureRater(c, me, RaterKind.HUMAN, null, null, null);
                    String[][] qs = {
                        {"verdict", "\"yes\""},
                        {"quality", "3"},
                        {"grounded", "\"no\""},
                        {"problems", "[\"tone\"]"},
                        {"risk", "1"}
                    };
                    for (String[] q : qs) {
                        try (PreparedStatement ins = c.prepareStatement("INSERT INTO answer(id, trace_id, rater_id, "
                                + "question, scheme_version, action, value, created_at) SELECT ? || t.id, t.id, ?, ?, "
                                + "1, 'set', ?, '2026-12-03T00:00:00Z' FROM trace t")) {
                            ins.setString(1, "j-" + q[0] + "-");
                            ins.setString(2, judge);
                            ins.setString(3, q[0]);
                            ins.setString(4, q[1]);
                            ins.executeUpdate();
                        }
                        try (PreparedStatement ins = c.prepareStatement("INSERT INTO answer(id, trace_id, rater_id, "
                                + "question, scheme_version, action, value, created_at) SELECT ? || t.id, t.id, ?, ?, "
                                + "1, 'set', ?, '2026-12-03T00:00:01Z' FROM trace t ORDER BY t.id LIMIT 40")) {
                            ins.setString(1, "m-" + q[0] + "-");
                            ins.setString(2, myId);
                            ins.setString(3, q[0]);
                            ins.setString(4, q[1]);
                            ins.executeUpdate();
                        }
                    }
                    return null;
                });
            }
            ThreadMXBean tmx = ManagementFactory.getThreadMXBean();
            double[] bestOld = {Double.MAX_VALUE, Double.MAX_VALUE};
            double[] bestNew = {Double.MAX_VALUE, Double.MAX_VALUE};
            int[] sizes = new int[2];
            for (int r = 0; r < rounds; r++) {
                long w0 = System.nanoTime();
                long c0 = tmx.getCurrentThreadCpuTime();
                Map<String, Map<String, String>> old = new HashMap<>();
                for (String k : s.keys()) {
                    p.read(c -> Answers.current(c, k)).forEach((t, byRater) -> {
                        String json = byRater.get(me);
                        if (json != null) {
                            old.computeIfAbsent(t, x -> new HashMap<>()).put(k, json);
                        }
                    });
                }
                bestOld[0] = Math.min(bestOld[0], (System.nanoTime() - w0) / 1e6);
                bestOld[1] = Math.min(bestOld[1], (tmx.getCurrentThreadCpuTime() - c0) / 1e6);
                w0 = System.nanoTime();
                c0 = tmx.getCurrentThreadCpuTime();
                Map<String, Map<String, String>> mine = p.read(c -> Answers.ofRater(c, myId, s.keys()));
                bestNew[0] = Math.min(bestNew[0], (System.nanoTime() - w0) / 1e6);
                bestNew[1] = Math.min(bestNew[1], (tmx.getCurrentThreadCpuTime() - c0) / 1e6);
                if (!old.equals(mine)) {
                    throw new IllegalStateException("the two reads differ: " + old.size() + " against " + mine.size());
                }
                sizes[0] = old.size();
            }
            System.out.printf(
                    Locale.ROOT,
                    "my answers on %d traces (a judge's on every trace): every rater's per question %.0f ms wall, "
                            + "%.0f ms CPU; mine only %.1f ms wall, %.1f ms CPU (best of %d)%n",
                    sizes[0],
                    bestOld[0],
                    bestOld[1],
                    bestNew[0],
                    bestNew[1],
                    rounds);
        }
    }
}
