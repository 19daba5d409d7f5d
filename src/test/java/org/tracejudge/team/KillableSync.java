package org.tracejudge.team;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.tracejudge.store.Project;

/**
 * The child side of {@link TeamCrashTest}: a real sync or join in small batches that announces "MIDWAY" on stdout
 * inside its {@code n}-th open transaction (before the commit) and waits there to be killed.
 * Arguments: push|pull URL ROLE PROJECT FILE N.
 */
public final class KillableSync {
    private KillableSync() {}

    public static void main(String[] args) throws Exception {
        String point = args[0];
        HubAddress a = HubAddress.parse(args[1], args[2]);
        Path file = Path.of(args[4]);
        int n = Integer.parseInt(args[5]);
        TeamSync.pushBatch = 50;
        TeamSync.pullBatch = 50;
        AtomicInteger seen = new AtomicInteger();
        TeamSync.beforeCommit = p -> {
            if (p.equals(point) && seen.incrementAndGet() == n) {
                System.out.println("MIDWAY");
                System.out.flush();
                try {
                    Thread.sleep(600_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        if (point.equals("pull")) {
            TeamSync.join(a, args[3], file, TeamSync.QUIET).close();
        } else {
            try (Project p = Project.open(file)) {
                TeamSync.sync(p, TeamSync.QUIET);
            }
        }
        System.out.println("DONE");
    }
}
