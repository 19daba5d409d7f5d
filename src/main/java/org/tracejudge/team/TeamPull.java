package org.tracejudge.team;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.tracejudge.store.Project;

/**
 * The pull half of a {@link TeamSync}: the hub's entries after this file's pull cursor, in seq windows of
 * {@link TeamSync#pullBatch}, each page one file transaction that also moves the cursor, the next page read from the
 * hub meanwhile. The connected person's own entries come without bodies; those this file lacks are fetched whole.
 */
final class TeamPull {
    private TeamPull() {}

    /**
     * Pulls what the hub has after the pull cursor, in seq windows, up to the newest entry there when the pull began
     * (every entry of the project up to it has committed: pushes of a project commit in seq order). The next page is
     * read from the hub while this thread writes the current one into the file; each page is one file transaction
     * that also moves the cursor.
     */
    static int pull(
            Project p,
            Hub hub,
            String project,
            Set<Long> pushedSeqs,
            ExecutorService io,
            TeamSync.Listener l,
            int[] counts)
            throws SQLException {
        long cursor0 = p.read(c -> LocalTeam.longMeta(c, LocalTeam.PULL_SEQ));
        int pulled = 0;
        List<Hub.Entry> unblinded = hub.unblinded(project, cursor0);
        if (!unblinded.isEmpty()) {
            LocalTeam.Applied a = p.write(c -> LocalTeam.apply(c, unblinded, new LocalTeam.Applied()));
            pulled += a.added;
            counts[4] += a.quarantined;
            counts[5] += a.tampered;
        }
        long last = hub.lastSeq(project);
        if (last <= cursor0) {
            return pulled;
        }
        Future<Hub.Page> next = io.submit(() -> fetch(p, hub, project, cursor0, last, pushedSeqs));
        try {
            while (next != null) {
                HubCalls.checkCancel(l);
                Hub.Page page = HubCalls.await(next);
                next = page.upto() < last
                        ? io.submit(() -> fetch(p, hub, project, page.upto(), last, pushedSeqs))
                        : null;
                if (page.entries().isEmpty() && next != null) {
                    continue; // a window of other projects' or hidden entries: the cursor moves with the next page
                }
                pulled += p.write(c -> {
                    Map<String, long[]> before = new HashMap<>();
                    for (Kind k : Kind.values()) {
                        if (k != Kind.META) {
                            long cur = LocalTeam.longMeta(c, LocalTeam.PUSH_ROWID + k.code);
                            before.put(k.code, new long[] {cur, LocalTeam.maxRowid(c, k.table)});
                        }
                    }
                    LocalTeam.Applied a = LocalTeam.apply(c, page.entries(), new LocalTeam.Applied());
                    counts[4] += a.quarantined;
                    counts[5] += a.tampered;
                    int n = a.added;
                    LocalTeam.setMeta(c, LocalTeam.PULL_SEQ, Long.toString(page.upto()));
                    TeamSync.beforeCommit.accept("pull");
                    // a table with nothing waiting to push before these rows came in has nothing waiting after them
                    // either
                    for (Kind k : Kind.values()) {
                        long[] b = before.get(k.code);
                        if (b != null && b[0] >= b[1]) {
                            LocalTeam.setMeta(
                                    c, LocalTeam.PUSH_ROWID + k.code, Long.toString(LocalTeam.maxRowid(c, k.table)));
                        }
                    }
                    return n;
                });
                l.progress("pulled", pulled);
            }
        } finally {
            HubCalls.settle(next);
        }
        return pulled;
    }

    /** One page of a pull (on the hub thread): the window after {@code after}, with the bodies this file needs. */
    private static Hub.Page fetch(Project p, Hub hub, String project, long after, long last, Set<Long> pushedSeqs)
            throws SQLException {
        Hub.Page page = hub.pull(
                project, after, Math.min(last, after + TeamSync.pullBatch), TeamSync.pullBatch, TeamSync.pullChars);
        List<Hub.Entry> entries = withBodies(p, hub, project, page.entries(), pushedSeqs);
        // the digests are worked out here, on the hub thread, while the other thread writes the previous page
        entries.replaceAll(Hub.Entry::digested);
        return new Hub.Page(entries, page.upto());
    }

    /**
     * A page of pulled entries with the connected person's own entries (sent without body) dropped where this file
     * has them (those this sync pushed, else looked up) and fetched whole where it does not (the same person's other
     * laptop).
     */
    private static List<Hub.Entry> withBodies(
            Project p, Hub hub, String project, List<Hub.Entry> page, Set<Long> pushedSeqs) throws SQLException {
        List<Hub.Entry> own = new ArrayList<>();
        for (Hub.Entry e : page) {
            if (e.body() == null && !pushedSeqs.contains(e.seq())) {
                own.add(e);
            }
        }
        Set<Long> have = own.isEmpty() ? Set.of() : p.read(c -> LocalTeam.known(c, own));
        List<Long> fetch = new ArrayList<>();
        for (Hub.Entry e : own) {
            if (!have.contains(e.seq())) {
                fetch.add(e.seq());
            }
        }
        Map<Long, Hub.Entry> fetched = new HashMap<>();
        for (Hub.Entry e : hub.bodies(project, fetch)) {
            fetched.put(e.seq(), e);
        }
        List<Hub.Entry> out = new ArrayList<>(page.size());
        for (Hub.Entry e : page) {
            if (e.body() != null) {
                out.add(e);
            } else if (fetched.containsKey(e.seq())) {
                out.add(fetched.get(e.seq()));
            }
        }
        return out;
    }
}
