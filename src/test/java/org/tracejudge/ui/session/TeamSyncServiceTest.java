package org.tracejudge.ui.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.store.Project;
import org.tracejudge.team.LocalTeam;

/** A team project's sync as the window sees it, without a window (one thread of the test's own plays the FX thread). */
class TeamSyncServiceTest {
    @TempDir
    Path dir;

    private final ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "plain-fx"));
    private final AtomicInteger rereads = new AtomicInteger();
    private final TeamSyncService team = new TeamSyncService(fx, rereads::incrementAndGet);

    @AfterEach
    void stop() {
        team.close();
        fx.shutdown();
    }

    private <T> T onFx(Callable<T> c) throws Exception {
        return fx.submit(c).get(10, TimeUnit.SECONDS);
    }

    private void waitFor(String what, Callable<Boolean> c) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!onFx(c)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void eachCommittedDecisionCountsOnTheFxThread() throws Exception {
        team.ledgerChanged();
        team.ledgerChanged();
        assertEquals(2L, onFx(() -> team.ledgerVersionProperty().get()));
    }

    @Test
    void aLaptopProjectHasNoSyncAndAnEmptyStatus() throws Exception {
        try (Project p = Project.open(dir.resolve("laptop.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            team.startTeamSync(p);
            assertFalse(team.syncing());
            assertEquals("", onFx(() -> team.teamStatusProperty().get()));
            team.syncTeamNow(); // nothing to sync: no error
            assertEquals(0, rereads.get());
        }
    }

    @Test
    void aTeamProjectWhoseHubIsUnreachableSaysOfflineAndStopsOnClose() throws Exception {
        try (Project p = Project.open(dir.resolve("team.tjdb"), Project.OpenOptions.createIfMissing(null))) {
            p.setMeta(LocalTeam.HUB, "postgresql://127.0.0.1:9/nohub");
            team.startTeamSync(p);
            assertTrue(team.syncing());
            waitFor("the offline state", () -> team.teamStatusProperty().get().startsWith("Team: offline since"));
            team.syncTeamNow();
            assertEquals(0, rereads.get(), "nothing was pulled, so nothing is re-read");
            team.close();
            assertFalse(team.syncing());

            team.startTeamSync(p); // a reopened team project syncs again
            assertTrue(team.syncing());
        }
    }
}
