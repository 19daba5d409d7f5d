package org.tracejudge.team;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tracejudge.agreement.CohenKappa;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.agreement.LabelTable;

/**
 * Progress and agreement of a team, computed on the synced ledger in the project file (the lead's file holds
 * everyone's decisions; a reviewer's holds what the blind policy lets them see). A person's decision on a trace is
 * their current label (their own human rater; with its per-tool decisions where it has them) or else their newest
 * adjudication. A bare withdrawal is not a decision: an item counts as done once the person has labelled it (set or
 * null) or adjudicated it (set), as the hub's blind policy counts it.
 */
public final class TeamProgress {
    private TeamProgress() {}

    /**
     * @param assigned     items to review
     * @param done         of those, decided
     * @param skipped      items assigned to this person (to review or to adjudicate) that they passed over (S) and
     *                     have not decided since
     * @param toAdjudicate items whose two reviewers have both decided and disagree, for this adjudicator
     * @param adjudicated  of those, decided by the adjudicator
     */
    public record Reviewer(
            String person, int assigned, int done, int open, int skipped, int toAdjudicate, int adjudicated) {}

    public static List<Reviewer> reviewers(Connection c) throws SQLException {
        Map<String, Map<String, String>> decisions = decisions(c);
        Set<String> acted = acted(c);
        Set<String> skips = skips(c);
        Map<String, List<String>> reviewersOf = new HashMap<>();
        Map<String, Set<String>> review = new TreeMap<>();
        Map<String, Set<String>> adjudicate = new TreeMap<>();
        try (PreparedStatement s =
                        c.prepareStatement("SELECT trace_id, reviewer, duty FROM " + LocalTeam.ASSIGNMENT_TABLE);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                if (Assigner.REVIEW.equals(rs.getString(3))) {
                    review.computeIfAbsent(rs.getString(2), k -> new TreeSet<>())
                            .add(rs.getString(1));
                    reviewersOf
                            .computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(rs.getString(2));
                } else {
                    adjudicate
                            .computeIfAbsent(rs.getString(2), k -> new TreeSet<>())
                            .add(rs.getString(1));
                }
            }
        }
        Set<String> people = new TreeSet<>(review.keySet());
        people.addAll(adjudicate.keySet());
        List<Reviewer> out = new ArrayList<>();
        for (String p : people) {
            Set<String> mine = review.getOrDefault(p, Set.of());
            int done = 0;
            Set<String> skipped = new HashSet<>();
            for (String t : mine) {
                if (acted.contains(t + "\u0000" + p)) {
                    done++;
                } else if (skips.contains(t + "\u0000" + p)) {
                    skipped.add(t);
                }
            }
            for (String t : adjudicate.getOrDefault(p, Set.of())) {
                if (!acted.contains(t + "\u0000" + p) && skips.contains(t + "\u0000" + p)) {
                    skipped.add(t);
                }
            }
            int toAdj = 0;
            int adj = 0;
            for (String t : adjudicate.getOrDefault(p, Set.of())) {
                List<String> two = reviewersOf.getOrDefault(t, List.of());
                Map<String, String> d = decisions.getOrDefault(t, Map.of());
                Set<String> values = new HashSet<>();
                boolean all = !two.isEmpty();
                for (String r : two) {
                    if (d.get(r) == null) {
                        all = false;
                    }
                    values.add(d.get(r));
                }
                if (all && values.size() > 1) {
                    toAdj++;
                    if (acted.contains(t + "\u0000" + p)) {
                        adj++;
                    }
                }
            }
            out.add(new Reviewer(p, mine.size(), done, mine.size() - done, skipped.size(), toAdj, adj));
        }
        return out;
    }

    /** One item assigned to a person: for their "assigned to me" list. */
    public record Mine(String traceId, String taskKey, String model, String duty, boolean done) {}

    /** A person's assignments (review first, then adjudication), each with whether they have decided it. */
    public static List<Mine> mine(Connection c, String person) throws SQLException {
        List<Mine> out = new ArrayList<>();
        if (!LocalTeam.isTeam(c)) {
            return out;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT a.trace_id, k.task_key, t.model, a.duty, "
                + "EXISTS (SELECT 1 FROM label l WHERE l.trace_id = a.trace_id AND l.created_by = a.reviewer "
                + "AND l.action <> 'withdraw') "
                + "OR EXISTS (SELECT 1 FROM adjudication d WHERE d.trace_id = a.trace_id AND d.annotator = a.reviewer "
                + "AND d.action = 'set') "
                + "FROM " + LocalTeam.ASSIGNMENT_TABLE
                + " a JOIN trace t ON t.id = a.trace_id JOIN task k ON k.id = t.task_id "
                + "WHERE a.reviewer = ? ORDER BY a.duty DESC, k.task_key, t.model, a.trace_id")) {
            s.setString(1, person);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Mine(
                            rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getBoolean(5)));
                }
            }
        }
        return out;
    }

    /** Cohen's kappa of every pair of people on the traces both decided. */
    public static List<CohenResult> agreement(Connection c, List<String> people) throws SQLException {
        Map<String, Map<String, String>> decisions = decisions(c);
        List<LabelTable.Triple> triples = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        decisions.forEach((t, byPerson) -> byPerson.forEach((p, v) -> {
            if (people.contains(p)) {
                triples.add(new LabelTable.Triple(t, p, v));
                seen.add(p);
            }
        }));
        List<CohenResult> out = new ArrayList<>();
        if (triples.isEmpty()) {
            return out;
        }
        LabelTable table = LabelTable.of(triples);
        List<String> ps = new ArrayList<>(seen);
        for (int i = 0; i < ps.size(); i++) {
            for (int j = i + 1; j < ps.size(); j++) {
                out.add(CohenKappa.compute(table, ps.get(i), ps.get(j)));
            }
        }
        return out;
    }

    /** trace -> person -> current decision value. */
    static Map<String, Map<String, String>> decisions(Connection c) throws SQLException {
        Map<String, Map<String, String>> out = new HashMap<>();
        try (PreparedStatement s =
                        c.prepareStatement("SELECT a.trace_id, a.annotator, a.value, a.action FROM adjudication a "
                                + "ORDER BY a.trace_id, a.annotator, a.created_at, a.id");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                Map<String, String> m = out.computeIfAbsent(rs.getString(1), k -> new HashMap<>());
                if ("set".equals(rs.getString(4))) {
                    m.put(rs.getString(2), rs.getString(3));
                } else {
                    m.remove(rs.getString(2));
                }
            }
        }
        // with per-tool decisions (safety review) the decision is the whole set: two experts who differ on one tool
        // disagree
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT l.trace_id, r.name, l.value || coalesce(' ' || l.scores, '') "
                                + "FROM current_label l "
                                + "JOIN rater r ON r.id = l.rater_id WHERE r.kind = 'human' AND l.action = 'set' AND l.created_by = r.name");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.computeIfAbsent(rs.getString(1), k -> new HashMap<>()).put(rs.getString(2), rs.getString(3));
            }
        }
        return out;
    }

    /** "trace\0person" for every trace a person skipped. */
    private static Set<String> skips(Connection c) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement s =
                        c.prepareStatement("SELECT DISTINCT trace_id, reviewer FROM " + LocalTeam.SKIP_TABLE);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1) + "\u0000" + rs.getString(2));
            }
        }
        return out;
    }

    /** "trace\0person" for every trace a person has any label or adjudication on. */
    private static Set<String> acted(Connection c) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT trace_id, created_by FROM label WHERE created_by IS NOT NULL "
                                + "AND action <> 'withdraw' UNION SELECT trace_id, annotator FROM adjudication WHERE action = 'set'");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1) + "\u0000" + rs.getString(2));
            }
        }
        return out;
    }
}
