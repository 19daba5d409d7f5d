package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.store.Project;

/** A hub database with a lead and reviewers (PostgreSQL roles), for the team tests. */
final class TeamFixture {
    final String db;
    final String url;
    final String lead;
    final String alice;
    final String bob;
    final String carol;

    TeamFixture(String db) throws Exception {
        this.db = db;
        this.url = HubServer.freshDatabase(db);
        this.lead = db + "_lead";
        this.alice = db + "_alice";
        this.bob = db + "_bob";
        this.carol = db + "_carol";
        HubServer.leadRole(lead, db);
    }

    HubAddress as(String role) {
        return HubAddress.parse(url, role);
    }

    /** Every row of every synced table, in key order, as text: two laptops that agree have equal dumps. */
    static List<String> dump(Project p, String... tables) {
        return p.read(c -> {
            List<String> out = new ArrayList<>();
            for (String t : tables) {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT * FROM " + t + " ORDER BY 1")) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        StringBuilder b = new StringBuilder(t).append(':');
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            b.append(md.getColumnName(i))
                                    .append('=')
                                    .append(rs.getString(i))
                                    .append('|');
                        }
                        out.add(b.toString());
                    }
                }
            }
            return out;
        });
    }

    static final String[] CONTENT = {
        "label_set", "toolset", "task", "import_source", "trace", "rater", "label", "adjudication"
    };

    static void assertSameContent(Project a, Project b) {
        assertEquals(dump(a, CONTENT), dump(b, CONTENT));
    }

    /** The i-th label (modulo) of the label set of a trace's task: a value the hub takes for it. */
    static String label(java.sql.Connection c, String trace, int i) throws java.sql.SQLException {
        try (java.sql.PreparedStatement s =
                c.prepareStatement("SELECT ls.labels FROM trace t JOIN task k ON k.id = t.task_id "
                        + "JOIN label_set ls ON ls.name = k.label_set WHERE t.id = ?")) {
            s.setString(1, trace);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                com.fasterxml.jackson.databind.JsonNode a = org.tracejudge.json.Json.read(rs.getString(1));
                return a.get(i % a.size()).asText();
            }
        }
    }

    static Path file(Path dir, String name) {
        return dir.resolve(name + Project.EXTENSION);
    }
}
