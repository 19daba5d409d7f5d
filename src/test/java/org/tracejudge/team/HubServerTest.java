package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class HubServerTest {
    @Test
    void startsARealPostgres() throws Exception {
        try (Connection c = HubServer.superuser("postgres");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW server_version_num")) {
            rs.next();
            assertTrue(rs.getInt(1) >= 140000, "PostgreSQL 14 or newer");
        }
    }
}
