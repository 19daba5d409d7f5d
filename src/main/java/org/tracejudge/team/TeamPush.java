package org.tracejudge.team;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.tracejudge.model.Ids;
import org.tracejudge.store.Project;

/**
 * The push half of a {@link TeamSync}: this file's rows the hub lacks, kind by kind in rowid order, in batches of one
 * hub transaction each ({@link TeamSync#pushBatch}, {@link TeamSync#pushChars}); each batch is recorded here as on the
 * hub (seq, digest, the hub's stamps, what it refused) only after the hub committed it. The project's changed
 * settings go as meta entries of their own.
 */
final class TeamPush {
    private TeamPush() {}

    /**
     * Pushes the rows of one kind the hub lacks, batch after batch in rowid order. While the hub inserts a batch this
     * thread reads the next one; a batch is recorded as on the hub ({@code team_entry}, the push cursor) only after the
     * hub committed it, and the next batch goes out only after that, so batches reach the hub in order, one at a time.
     * {@code counts}: pushed, kept local.
     */
    static void push(
            Project p,
            Hub hub,
            String project,
            Kind kind,
            String person,
            ExecutorService io,
            Set<Long> pushedSeqs,
            int[] counts,
            TeamSync.Listener l)
            throws SQLException {
        long cursor = p.read(c -> LocalTeam.longMeta(c, LocalTeam.PUSH_ROWID + kind.code));
        Future<Hub.Pushed> inFlight = null;
        LocalTeam.Scan sent = null;
        try {
            while (true) {
                HubCalls.checkCancel(l);
                long from = cursor;
                LocalTeam.Scan sc =
                        p.read(c -> LocalTeam.scan(c, kind, from, TeamSync.pushBatch, TeamSync.pushChars, person));
                if (inFlight != null) {
                    recordPushed(p, kind, sent, HubCalls.await(inFlight), pushedSeqs, counts, l);
                    inFlight = null;
                }
                cursor = sc.lastRowid();
                if (sc.entries().isEmpty()) {
                    if (sc.lastRowid() != from) {
                        recordPushed(p, kind, sc, Hub.Pushed.empty(), pushedSeqs, counts, l);
                    }
                } else {
                    inFlight = io.submit(() -> hub.push(project, sc.entries()));
                    sent = sc;
                }
                if (!sc.more()) {
                    break;
                }
            }
            if (inFlight != null) {
                recordPushed(p, kind, sent, HubCalls.await(inFlight), pushedSeqs, counts, l);
                inFlight = null;
            }
        } finally {
            HubCalls.settle(inFlight);
        }
    }

    /** A refusal for an entry kind the hub's schema does not know (check constraint or no insert policy for it). */
    static boolean refusedAsUnknown(SQLException e) {
        return "23514".equals(e.getSQLState()) || "42501".equals(e.getSQLState());
    }

    /**
     * Records a batch the hub committed: its entries as on the hub (with seq and digest), the hub's time and name on
     * the decisions it stored, the entries it refused (with why), the push cursor after it.
     */
    private static void recordPushed(
            Project p,
            Kind kind,
            LocalTeam.Scan sc,
            Hub.Pushed r,
            Set<Long> pushedSeqs,
            int[] counts,
            TeamSync.Listener l) {
        List<String> known = new ArrayList<>(sc.ids().size());
        for (String id : sc.ids()) {
            if (!r.refused().containsKey(kind.code + "/" + id)) {
                known.add(id);
            }
        }
        p.write(c -> {
            LocalTeam.adopt(c, kind, r.stamps());
            LocalTeam.markKnown(c, kind.code, known, r.seqs(), r.digests());
            LocalTeam.markRejected(c, r.refused());
            LocalTeam.setMeta(c, LocalTeam.PUSH_ROWID + kind.code, Long.toString(sc.lastRowid()));
            return null;
        });
        pushedSeqs.addAll(r.seqs().values());
        counts[0] += r.seqs().size();
        counts[1] += sc.keptLocal();
        counts[3] += r.refused().size();
        if (!sc.entries().isEmpty()) {
            l.progress("pushed " + kind.code, counts[0]);
        }
    }

    static int pushMeta(Project p, Hub hub, String project) throws SQLException {
        Map<String, String> changed = p.read(LocalTeam::changedMeta);
        if (changed.isEmpty()) {
            return 0;
        }
        List<Hub.Entry> entries = new ArrayList<>();
        Map<String, String> keyOf = new HashMap<>();
        for (Map.Entry<String, String> e : changed.entrySet()) {
            String id = Ids.random();
            com.fasterxml.jackson.databind.node.ObjectNode b = org.tracejudge.json.Json.object();
            b.put("key", e.getKey());
            b.put("value", e.getValue());
            entries.add(new Hub.Entry(0, Kind.META.code, id, b.toString()));
            keyOf.put(id, e.getKey());
        }
        Hub.Pushed pushed = hub.push(project, entries);
        Map<String, Long> seqs = pushed.seqs();
        p.write(c -> {
            for (Hub.Entry e : entries) {
                Long seq = seqs.get(e.kind() + "/" + e.id());
                if (seq != null) {
                    LocalTeam.recordMeta(c, keyOf.get(e.id()), changed.get(keyOf.get(e.id())), seq);
                }
            }
            LocalTeam.markKnown(c, Kind.META.code, new ArrayList<>(keyOf.keySet()), seqs, pushed.digests());
            return null;
        });
        return seqs.size();
    }
}
