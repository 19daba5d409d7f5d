package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The versions of a task key: a task's id is a hash of its content, so an edited task is a second row of the same
 * {@code task_key}. What an import does with an edited task (refuse it, or replace the project's version) is the
 * importer's; this class finds versions and their runs, and removes a version no trace keeps.
 */
public final class TaskVersions {
    private TaskVersions() {}

    /** A stored version of a task: its id and JSON body. */
    public record Version(String id, String body) {}

    /** The project's versions of {@code key} other than {@code id}, oldest first. */
    public static List<Version> others(Connection c, String key, String id) throws SQLException {
        List<Version> out = new ArrayList<>();
        try (PreparedStatement q =
                c.prepareStatement("SELECT id, body FROM task WHERE task_key = ? AND id <> ? ORDER BY rowid")) {
            q.setString(1, key);
            q.setString(2, id);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(new Version(rs.getString(1), rs.getString(2)));
                }
            }
        }
        return out;
    }

    /** The first stored trace of a task for this model and run ({@code run} may be null), or null. */
    public static String traceOf(Connection c, String taskId, String model, String run) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(
                "SELECT id FROM trace WHERE task_id = ? AND model = ? AND run IS ? ORDER BY rowid LIMIT 1")) {
            q.setString(1, taskId);
            q.setString(2, model);
            q.setString(3, run);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** A model and run both tasks have a trace of: [model, run]; null when they share none. */
    public static String[] sharedRun(Connection c, String oldTask, String newTask) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT o.model, o.run FROM trace o JOIN trace n "
                + "ON n.model = o.model AND n.run IS o.run WHERE o.task_id = ? AND n.task_id = ? LIMIT 1")) {
            q.setString(1, oldTask);
            q.setString(2, newTask);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? new String[] {rs.getString(1), rs.getString(2)} : null;
            }
        }
    }

    /** Removes a task no trace refers to; one that still has traces stays. */
    public static void dropWithoutTraces(Connection c, String taskId) throws SQLException {
        try (PreparedStatement d = c.prepareStatement(
                "DELETE FROM task WHERE id = ? AND NOT EXISTS (SELECT 1 FROM trace WHERE task_id = ?)")) {
            d.setString(1, taskId);
            d.setString(2, taskId);
            d.executeUpdate();
        }
    }
}
