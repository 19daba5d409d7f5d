package org.tracejudge.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's settings table {@code project_meta} (key → text, often JSON), read and written inside the caller's
 * transaction: for features that read a setting and write another in one transaction (the judge lock, a judge's saved
 * configuration). {@link Project#meta} and {@link Project#setMeta} do the same in a transaction of their own.
 */
public final class ProjectMeta {
    private ProjectMeta() {}

    /** The value under {@code key}, or null. */
    public static String get(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT value FROM project_meta WHERE key = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Sets (or replaces) the value under {@code key}. */
    public static void put(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES (?, ?) "
                + "ON CONFLICT(key) DO UPDATE SET value = excluded.value")) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    /** Sets the value under {@code key} unless it has one (the first writer's value is kept). */
    public static void putIfAbsent(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT INTO project_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING")) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    /** Removes the value under {@code key}, if any. */
    public static void remove(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM project_meta WHERE key = ?")) {
            s.setString(1, key);
            s.executeUpdate();
        }
    }

    /**
     * Removes the value under {@code key} only while it is a JSON object whose {@code token} is {@code token} (a lock
     * released by its holder only, not by one who took it over).
     */
    public static void removeHeld(Connection c, String key, String token) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM project_meta WHERE key = ? " + "AND json_extract(value, '$.token') = ?")) {
            s.setString(1, key);
            s.setString(2, token);
            s.executeUpdate();
        }
    }

    /** What follows {@code prefix} in the keys that start with it, in key order ({@code prefix} holds no LIKE wildcard). */
    public static List<String> keysAfter(Connection c, String prefix) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT substr(key, ?) FROM project_meta WHERE key LIKE ? ORDER BY key")) {
            s.setInt(1, prefix.length() + 1);
            s.setString(2, prefix + "%");
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** The values of the keys that start with {@code prefix}, in key order. */
    public static List<String> valuesUnder(Connection c, String prefix) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT value FROM project_meta WHERE substr(key, 1, ?) = ? ORDER BY key")) {
            s.setInt(1, prefix.length());
            s.setString(2, prefix);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Adds a value under a key the project does not have yet (fails on one it has). */
    public static void insert(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO project_meta(key, value) VALUES (?, ?)")) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    /** Sets the value under {@code key}, replacing the row there was (SQLite's INSERT OR REPLACE). */
    public static void replace(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("INSERT OR REPLACE INTO project_meta(key, value) VALUES (?, ?)")) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }
}
