package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows behind tool-selection tasks (a selector's run on one input), as stored: JSON columns stay text, for the
 * {@code selection} package to read.
 */
public final class SelectionRows {
    private SelectionRows() {}

    /**
     * One run of a selector on one input.
     *
     * @param taskBody the task's JSON body (input, expected tools, scenario name)
     * @param tools the scenario's tools as JSON, or null when its scenario file was never imported
     * @param toolCalls the run's calls as JSON, or null
     * @param extra the run's extra JSON (approach, usage), or null
     */
    public record Run(
            String traceId,
            String taskKey,
            String taskBody,
            String tools,
            String model,
            String run,
            String answer,
            String toolCalls,
            String extra,
            String toolsetId) {}

    /** Which runs to read: every one, one trace, or every run on one trace's input. */
    public enum Scope {
        ALL,
        ONE,
        SAME_INPUT
    }

    /** The runs in scope, ordered by scenario, input, model, run. {@code traceId} is ignored for {@link Scope#ALL}. */
    public static List<Run> runs(Connection c, Scope scope, String traceId) throws SQLException {
        String where =
                switch (scope) {
                    case ALL -> "";
                    case ONE -> "AND t.id = ? ";
                    case SAME_INPUT -> "AND t.task_id = (SELECT task_id FROM trace WHERE id = ?) ";
                };
        List<Run> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT t.id, k.task_key, k.body, ts.tools, t.model, t.run, "
                + "t.answer, t.tool_calls, t.extra, k.toolset_id FROM trace t JOIN task k ON k.id = t.task_id "
                + "LEFT JOIN toolset ts ON ts.id = k.toolset_id WHERE k.task_type = 'tool_selection' "
                + where
                + "ORDER BY k.domain, k.task_key, t.model, t.run, t.id")) {
            if (scope != Scope.ALL) {
                s.setString(1, traceId);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Run(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9),
                            rs.getString(10)));
                }
            }
        }
        return out;
    }

    /** The imported scenarios' tools as JSON, by scenario name (the task's domain), in name order. */
    public static Map<String, String> scenarioTools(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT k.domain, ts.tools FROM task k JOIN toolset ts "
                        + "ON ts.id = k.toolset_id WHERE k.task_type = 'tool_selection' ORDER BY k.domain");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /** The extra JSON of every tool-selection run that has one, by trace id. */
    public static Map<String, String> extras(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement s =
                        c.prepareStatement("SELECT t.id, t.extra FROM trace t JOIN task k ON k.id = t.task_id "
                                + "WHERE k.task_type = 'tool_selection' AND t.extra IS NOT NULL");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /** A tool-selection task whose scenario's tools are known: its domain (the scenario), body, toolset and tools. */
    public record KnownInput(String domain, String body, String toolsetId, String tools) {}

    /** Hears each tool-selection task with a toolset. */
    @FunctionalInterface
    public interface InputVisitor {
        void accept(KnownInput in);
    }

    /** Reads every tool-selection task whose scenario's tools are known (it has a toolset). */
    public static void knownInputs(Connection c, InputVisitor v) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT k.domain, k.body, k.toolset_id, ts.tools FROM task k "
                        + "JOIN toolset ts ON ts.id = k.toolset_id WHERE k.task_type = 'tool_selection'");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                v.accept(new KnownInput(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
            }
        }
    }
}
