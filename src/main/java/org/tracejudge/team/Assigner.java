package org.tracejudge.team;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.tracejudge.model.Ids;
import org.tracejudge.store.Timestamps;

/**
 * Hands out work. {@link #overlap}: each item to exactly k different reviewers, every reviewer's count within one of
 * every other's (each item goes to the k least loaded, ties broken by the seeded draw), the same plan for the same
 * items, reviewers and seed. {@link #doubleReview}: each item to two different experts and an adjudicator who is
 * neither of them (the adjudicator is asked only where the two disagree).
 */
public final class Assigner {
    private Assigner() {}

    public static final String REVIEW = "review";
    public static final String ADJUDICATE = "adjudicate";

    /** One item for one person; its id is name-based, so assigning the same again adds nothing. */
    public record Assignment(String id, String traceId, String reviewer, String duty) {
        static Assignment of(String traceId, String reviewer, String duty) {
            return new Assignment(Ids.of("assignment", traceId, reviewer, duty), traceId, reviewer, duty);
        }
    }

    public static List<Assignment> overlap(List<String> traceIds, List<String> reviewers, int k, long seed) {
        List<String> people = distinctSorted(reviewers);
        if (k < 1 || k > people.size()) {
            throw new IllegalArgumentException(
                    "overlap " + k + " needs at least " + k + " reviewers (have " + people.size() + ")");
        }
        Random rnd = new Random(seed);
        Map<String, Integer> load = new TreeMap<>();
        people.forEach(p -> load.put(p, 0));
        List<Assignment> out = new ArrayList<>();
        for (String item : shuffled(traceIds, rnd)) {
            for (String p : leastLoaded(people, load, Set.of(), k, rnd)) {
                out.add(Assignment.of(item, p, REVIEW));
                load.merge(p, 1, Integer::sum);
            }
        }
        return out;
    }

    public static List<Assignment> doubleReview(
            List<String> traceIds, List<String> experts, List<String> adjudicators, long seed) {
        List<String> ex = distinctSorted(experts);
        if (ex.size() < 2) {
            throw new IllegalArgumentException("double review needs two experts (have " + ex.size() + ")");
        }
        List<String> adj = distinctSorted(adjudicators);
        Random rnd = new Random(seed);
        Map<String, Integer> load = new TreeMap<>();
        ex.forEach(p -> load.put(p, 0));
        Map<String, Integer> adjLoad = new TreeMap<>();
        adj.forEach(p -> adjLoad.put(p, 0));
        List<Assignment> out = new ArrayList<>();
        for (String item : shuffled(traceIds, rnd)) {
            List<String> two = leastLoaded(ex, load, Set.of(), 2, rnd);
            List<String> third = leastLoaded(adj, adjLoad, new HashSet<>(two), 1, rnd);
            if (third.isEmpty()) {
                throw new IllegalArgumentException(
                        "double review needs an adjudicator who is neither of the two experts " + two
                                + " (add one with --adjudicators)");
            }
            for (String p : two) {
                out.add(Assignment.of(item, p, REVIEW));
                load.merge(p, 1, Integer::sum);
            }
            out.add(Assignment.of(item, third.get(0), ADJUDICATE));
            adjLoad.merge(third.get(0), 1, Integer::sum);
        }
        return out;
    }

    /**
     * A plan made over groups (e.g. the inputs of a safety review, each with several runs) handed out as one assignment
     * per member of each group: everyone gets all runs of the inputs they review.
     */
    public static List<Assignment> expand(List<Assignment> overGroups, Map<String, List<String>> members) {
        List<Assignment> out = new ArrayList<>();
        for (Assignment a : overGroups) {
            for (String t : members.getOrDefault(a.traceId(), List.of())) {
                out.add(Assignment.of(t, a.reviewer(), a.duty()));
            }
        }
        return out;
    }

    private static List<String> distinctSorted(List<String> names) {
        List<String> l = new ArrayList<>(new java.util.TreeSet<>(names));
        return l;
    }

    private static List<String> shuffled(List<String> items, Random rnd) {
        List<String> l = new ArrayList<>(new java.util.TreeSet<>(items));
        Collections.shuffle(l, rnd);
        return l;
    }

    /** The n least loaded of {@code people} not in {@code exclude}; ties in a fresh seeded order. */
    private static List<String> leastLoaded(
            List<String> people, Map<String, Integer> load, Set<String> exclude, int n, Random rnd) {
        List<String> order = new ArrayList<>(people);
        Collections.shuffle(order, rnd);
        List<String> cand = new ArrayList<>();
        for (String p : order) {
            if (!exclude.contains(p)) {
                cand.add(p);
            }
        }
        cand.sort((a, b) -> Integer.compare(load.get(a), load.get(b)));
        return cand.subList(0, Math.min(n, cand.size()));
    }

    /** Traces that already have a review assignment (not handed out twice by a later run). */
    public static Set<String> assigned(Connection c) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement(
                        "SELECT DISTINCT trace_id FROM " + LocalTeam.ASSIGNMENT_TABLE + " WHERE duty = 'review'");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Saves assignments (insert-if-absent); returns how many were new. */
    public static int save(Connection c, List<Assignment> plan, String createdBy) throws SQLException {
        int n = 0;
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO " + LocalTeam.ASSIGNMENT_TABLE
                + "(id, trace_id, reviewer, duty, created_by, created_at) VALUES (?,?,?,?,?,?)")) {
            for (Assignment a : plan) {
                s.setString(1, a.id());
                s.setString(2, a.traceId());
                s.setString(3, a.reviewer());
                s.setString(4, a.duty());
                s.setString(5, createdBy);
                s.setString(6, Timestamps.now());
                n += s.executeUpdate();
            }
        }
        return n;
    }

    /** Items per person and duty in a plan. */
    public static Map<String, Integer> loads(List<Assignment> plan) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Assignment a : plan) {
            m.merge(a.reviewer() + (a.duty().equals(REVIEW) ? "" : " (adjudicate)"), 1, Integer::sum);
        }
        return new TreeMap<>(m);
    }

    /** Traces assigned to a person for a duty (the "Assigned to me" filter), in trace order. */
    public static List<String> assignedTo(Connection c, String person, String duty) throws SQLException {
        List<String> out = new ArrayList<>();
        if (!LocalTeam.isTeam(c)) {
            return out;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT trace_id FROM " + LocalTeam.ASSIGNMENT_TABLE
                + " WHERE reviewer = ? AND duty = ? ORDER BY trace_id")) {
            s.setString(1, person);
            s.setString(2, duty);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
