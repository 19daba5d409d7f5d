package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.tracejudge.model.Ids;

/**
 * A hub made by schema 2 (the lead owned the tables and could create roles) upgraded as the README says: the
 * administrator hands the schema to an owner role and takes CREATEROLE from the lead; team hub migrates it to schema 3.
 */
class HubUpgradeTest {
    @Test
    void aSchema2HubIsHandedToItsOwnerAndMigrated() throws Exception {
        String db = "tj_upgrade";
        String url = HubServer.freshDatabase(db);
        String lead = db + "_lead";
        String alice = db + "_alice";
        HubServer.roles(lead, alice);
        try (Connection su = HubServer.superuser("postgres");
                Statement s = su.createStatement()) {
            s.execute("ALTER ROLE " + lead + " CREATEROLE");
            s.execute("GRANT CREATE ON DATABASE " + db + " TO " + lead);
        }
        HubAddress asLead = HubAddress.parse(url, lead);
        Flyway.configure(Hub.class.getClassLoader())
                .dataSource(url, lead, null)
                .schemas(HubAddress.SCHEMA)
                .createSchemas(true)
                .locations("classpath:db/hub")
                .target("2")
                .load()
                .migrate();
        String trace = "00000000-0000-0000-0000-000000000001";
        try (Connection c = asLead.connect();
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO project(id, blind) VALUES ('old', true)");
            s.execute(
                    "INSERT INTO member(project_id, role, person, duty, expert) VALUES ('old', current_user, 'Lead', 'lead', true), "
                            + "('old', '" + alice + "', 'Alice', 'reviewer', true)");
            s.execute("GRANT USAGE ON SCHEMA tracejudge TO " + alice);
            s.execute("GRANT SELECT ON project, member, decided TO " + alice);
            s.execute("GRANT SELECT, INSERT ON entry TO " + alice);
            s.execute("INSERT INTO entry(project_id, kind, id, body) VALUES "
                    + "('old', 'label_set', 'ls', '{\"name\":\"ls\",\"labels\":\"[\\\"yes\\\",\\\"no\\\"]\"}'), "
                    + "('old', 'task', 'k', '{\"id\":\"k\",\"label_set\":\"ls\"}'), "
                    + "('old', 'trace', '" + trace + "', '{\"id\":\"" + trace + "\",\"task_id\":\"k\"}')");
        }
        // this version against the hub not yet upgraded: it says what to do
        try (Hub old = Hub.connect(asLead)) {
            SQLException e = assertThrows(
                    SQLException.class,
                    () -> old.push("old", List.of(new Hub.Entry(0, "meta", "m", "{\"key\":\"k\",\"value\":\"v\"}"))));
            assertTrue(
                    e.getMessage().contains("older than schema " + Hub.SCHEMA_VERSION)
                            && e.getMessage().contains("team hub"),
                    e.getMessage());
            assertThrows(SQLException.class, old::checkRoleAndSchema);
        }
        // the administrator's part (README, "Upgrading a hub")
        String owner = HubServer.ownerRole(db);
        try (Connection su = HubServer.superuser(db);
                Statement s = su.createStatement()) {
            s.execute("REASSIGN OWNED BY " + lead + " TO " + owner);
            s.execute("ALTER ROLE " + lead + " NOCREATEROLE");
        }
        Hub.setup(HubAddress.parse(url, owner), List.of());
        try (Connection su = HubServer.superuser(db);
                Statement s = su.createStatement();
                ResultSet rs = s.executeQuery("SELECT rater_id FROM tracejudge.member WHERE person = 'Alice'")) {
            assertTrue(rs.next());
            assertEquals(Ids.of("rater", "Alice", ""), rs.getString(1), "members got the rater id their name gives");
        }
        try (Hub a = Hub.connect(HubAddress.parse(url, alice))) {
            a.checkRoleAndSchema();
            // the old direct INSERT grant is gone; the push function takes her rater and label
            try (Statement s = a.connection().createStatement()) {
                assertThrows(
                        SQLException.class,
                        () -> s.execute("INSERT INTO entry(project_id, kind, id, body) VALUES "
                                + "('old', 'meta', 'm', '{}')"));
            }
            String r = Ids.of("rater", "Alice", "");
            assertTrue(a.push(
                            "old",
                            List.of(new Hub.Entry(
                                    0, "rater", r, "{\"id\":\"" + r + "\",\"name\":\"Alice\",\"kind\":\"human\"}")))
                    .refused()
                    .isEmpty());
            Hub.Pushed p = a.push(
                    "old",
                    List.of(new Hub.Entry(
                            0,
                            "label",
                            "l1",
                            "{\"id\":\"l1\",\"trace_id\":\"" + trace + "\",\"rater_id\":\"" + r
                                    + "\",\"action\":\"set\",\"value\":\"yes\",\"created_by\":\"Alice\"}")));
            assertTrue(p.refused().isEmpty(), p.refused().toString());
            assertNotNull(p.seqs().get("label/l1"));
        }
        try (Hub l = Hub.connect(asLead)) {
            l.checkRoleAndSchema();
            try (Statement s = l.connection().createStatement()) {
                assertThrows(SQLException.class, () -> s.execute("ALTER TABLE entry DISABLE TRIGGER entry_no_change"));
            }
            assertEquals(5, l.pull("old", 0, 100).size(), "the lead reads everything, old and new");
        }
    }
}
