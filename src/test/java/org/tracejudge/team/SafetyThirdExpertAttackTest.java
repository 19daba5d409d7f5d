package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.cli.TracejudgeCli;
import org.tracejudge.importer.Importer;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;

/**
 * Issue 47 item 11, against a real PostgreSQL hub: a member who labelled neither side of a safety item that two
 * experts labelled does not label it as a third expert (the hub refuses it, and so does the core where both labels
 * are in the file), and under the blind policy the adjudication queue shows a non-adjudicator no one's labels.
 */
class SafetyThirdExpertAttackTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("resources", "samples", "safety");
    private static final String PLAN = "a plan with a time";
    private static final String VENTING = "reads as venting";

    private static String lantern4(Project p) {
        return TestData.scalar(
                p,
                "SELECT t.id FROM trace t JOIN task k ON k.id = t.task_id WHERE t.model = 'listener-small' "
                        + "AND t.run = 'structured' AND k.task_key = 'lantern/4'");
    }

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TracejudgeCli.execute(args, new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void aThirdMemberDoesNotLabelAnItemTwoExpertsLabelledAndSeesNoLabelsInTheQueue() throws Exception {
        TeamFixture f = new TeamFixture("tj_third");
        HubServer.roles(f.alice, f.bob, f.carol);
        Path leadFile = TeamFixture.file(dir, "lead");
        Project lead = Project.open(leadFile, Project.OpenOptions.createIfMissing(null));
        new Importer(lead, null)
                .importFiles(List.of(SAMPLE.resolve("scenario.json"), SAMPLE.resolve("runs.jsonl")), null, null);
        SelectionLabeller.classify(lead);
        TeamSync.init(lead, f.as(f.lead), "ward", "Lead", true, TeamSync.QUIET);
        try (Hub hub = Hub.connect(f.as(f.lead))) {
            hub.addMember("ward", f.alice, "Alice", true);
            hub.addMember("ward", f.bob, "Dr B", true);
            hub.addMember("ward", f.carol, "Carol", true);
        }
        Project alice = TeamSync.join(f.as(f.alice), "ward", TeamFixture.file(dir, "alice"), TeamSync.QUIET);
        Project bob = TeamSync.join(f.as(f.bob), "ward", TeamFixture.file(dir, "bob"), TeamSync.QUIET);
        Path carolFile = TeamFixture.file(dir, "carol");
        Project carol = TeamSync.join(f.as(f.carol), "ward", carolFile, TeamSync.QUIET);
        String t = lantern4(lead);

        SafetyReview.label(alice, t, "Alice", Map.of("Safety Call", true, "End Conversation", false), PLAN);
        SafetyReview.label(bob, t, "Dr B", Map.of("Safety Call", false, "End Conversation", false), VENTING);
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).refusedByHub());
        assertEquals(0, TeamSync.sync(bob, TeamSync.QUIET).refusedByHub());
        TeamSync.sync(carol, TeamSync.QUIET);

        // the queue on Carol's laptop names no one's label or reason
        carol.close();
        String queue = run("safety", carolFile.toString(), "--queue");
        assertTrue(!queue.contains(PLAN) && !queue.contains(VENTING) && !queue.contains("Dr B"), queue);
        carol = Project.open(carolFile);

        // Carol labels the item as a third expert: her laptop takes it (it shows her nothing), the hub refuses it
        SafetyReview.label(
                carol, t, "Carol", Map.of("Safety Call", false, "End Conversation", false), "agree with Dr B");
        TeamSync.Report r = TeamSync.sync(carol, TeamSync.QUIET);
        assertEquals(4, r.refusedByHub(), r.toString()); // one entry on each of the input's four runs
        assertTrue(
                TeamSync.rejections(carol).stream().allMatch(m -> m.contains("a third does not label it")),
                TeamSync.rejections(carol).toString());
        TeamSync.sync(lead, TeamSync.QUIET);
        assertEquals(
                "0",
                TestData.scalar(
                        lead, "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'Carol'"));

        // one of the two revises: theirs to make
        SafetyReview.label(alice, t, "Alice", Map.of("Safety Call", true, "End Conversation", false), PLAN + ", means");
        assertEquals(0, TeamSync.sync(alice, TeamSync.QUIET).refusedByHub());

        // the lead (not blind to the labels) sees both labels, and the core refuses a third expert there too
        TeamSync.sync(lead, TeamSync.QUIET);
        lead.close();
        String leads = run("safety", leadFile.toString(), "--queue");
        assertTrue(leads.contains(VENTING), leads);
        try (Project again = Project.open(leadFile)) {
            IllegalArgumentException third = assertThrows(
                    IllegalArgumentException.class,
                    () -> SafetyReview.label(
                            again, t, "Lead", Map.of("Safety Call", true, "End Conversation", false), "tie-break"));
            assertTrue(third.getMessage().contains("a third expert does not label it"), third.getMessage());
        }
        alice.close();
        bob.close();
        carol.close();
    }
}
