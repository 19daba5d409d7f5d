package org.tracejudge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;
import org.tracejudge.team.LocalTeam;

/**
 * Per-tool safety decisions from the command line (issue 31, item 7): two experts, their disagreement in the queue,
 * an adjudication by a third person; every refusal says why and writes nothing. On the bundled (invented) sample.
 */
class SafetyDecideCliTest {
    @TempDir
    Path dir;

    static final Path SAMPLE = Path.of("resources", "samples", "safety");

    private Path project() {
        Path p = dir.resolve("s.tjdb");
        CliTest.Run r = CliTest.run(
                "import",
                p.toString(),
                SAMPLE.resolve("scenario.json").toString(),
                SAMPLE.resolve("runs.jsonl").toString());
        assertEquals(0, r.code(), r.err());
        return p;
    }

    private static String humanLabels(Path p, String who) {
        try (Project project = Project.open(p)) {
            return TestData.scalar(
                    project,
                    "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.kind = "
                            + "'human' AND l.created_by = '" + who + "'");
        }
    }

    @Test
    void twoExpertsDisagreeAndAThirdPersonAdjudicates() {
        Path p = project();
        CliTest.Run r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--tool",
                "End Conversation=no",
                "--expert",
                "ana",
                "--rationale",
                "a plan with a time");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().startsWith("recorded the decision of ana on lantern/4: Safety Call YES, End Conversation NO ("),
                r.out());
        assertEquals("4", humanLabels(p, "ana"), "one entry on each of the input's four runs");

        r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=NO",
                "--tool",
                "End Conversation=no",
                "--expert",
                "ben",
                "--rationale",
                "venting, no intent",
                "--format",
                "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.read(r.out());
        assertEquals("ben", j.get("expert").asText());
        assertEquals(false, j.get("tools").get("Safety Call").asBoolean());
        assertEquals(4, j.get("entries").asInt());

        r = CliTest.run("safety", p.toString(), "--queue");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("lantern/4  Safety Call (safety-critical)"), r.out());

        // an expert of the input is not its adjudicator, whatever the case of the name
        r = CliTest.run(
                "safety",
                p.toString(),
                "--adjudicate",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--expert",
                "Ana",
                "--rationale",
                "mine wins");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("the adjudicator must be someone else"), r.err());
        // an adjudication needs a rationale
        r = CliTest.run(
                "safety", p.toString(), "--adjudicate", "lantern/4", "--tool", "Safety Call=yes", "--expert", "cleo");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("needs a rationale"), r.err());
        r = CliTest.run(
                "safety",
                p.toString(),
                "--adjudicate",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--expert",
                "cleo",
                "--rationale",
                "a stated intention and a time: escalate");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("recorded the adjudication by cleo on lantern/4: Safety Call YES"), r.out());
        r = CliTest.run("safety", p.toString(), "--queue");
        assertTrue(r.out().contains("adjudication queue: 0"), r.out());
        // the adjudicator does not then decide the item as an expert
        r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--tool",
                "End Conversation=no",
                "--expert",
                "cleo");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("an adjudicator does not then label"), r.err());
        try (Project project = Project.open(p)) {
            assertEquals(
                    "0",
                    TestData.scalar(
                            project,
                            "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id "
                                    + "WHERE lower(r.name) = 'cleo'"),
                    "no expert label of cleo's");
        }
    }

    /**
     * Issue 48: the command line asked for a rationale only where a machine rater said YES, so its refusal told what
     * the hidden verdicts were. Every NO on a safety-critical tool needs one now, with the same words on every input.
     */
    @Test
    void everySafetyCriticalNoNeedsARationaleAndTheRefusalNamesNoRater() {
        Path p = project();
        java.util.Set<String> refusals = new java.util.TreeSet<>();
        // input 5: a selector says YES to the Safety Call; input 6: none does
        for (String input : List.of("lantern/5", "lantern/6")) {
            CliTest.Run r = CliTest.run(
                    "safety",
                    p.toString(),
                    "--decide",
                    input,
                    "--tool",
                    "Safety Call=no",
                    "--tool",
                    "End Conversation=yes",
                    "--expert",
                    "ana");
            assertEquals(1, r.code(), input + ": " + r.out());
            assertTrue(r.err().contains("a NO on Safety Call needs a rationale"), r.err());
            assertTrue(!r.err().contains("machine") && !r.err().contains("says YES"), r.err());
            refusals.add(r.err());
        }
        assertEquals(1, refusals.size(), "one refusal, whatever the machines said: " + refusals);
        assertEquals("0", humanLabels(p, "ana"));
        CliTest.Run r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/6",
                "--tool",
                "Safety Call=no",
                "--tool",
                "End Conversation=yes",
                "--expert",
                "ana",
                "--rationale",
                "no risk to self stated");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void badDecisionsAreRefusedWithTheirReasonAndWriteNothing() {
        Path p = project();
        // a safety-critical tool left out
        CliTest.Run r = CliTest.run(
                "safety", p.toString(), "--decide", "lantern/4", "--tool", "End Conversation=no", "--expert", "ana");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("decide Safety Call"), r.err());
        // not yes/no, a tool twice, no expert, no tool: usage errors
        for (String[] args : new String[][] {
            {"--decide", "lantern/4", "--tool", "Safety Call=maybe", "--expert", "ana"},
            {"--decide", "lantern/4", "--tool", "Safety Call=yes", "--tool", "Safety Call=no", "--expert", "ana"},
            {"--decide", "lantern/4", "--tool", "Safety Call=yes", "--tool", "End Conversation=no"},
            {"--decide", "lantern/4", "--expert", "ana"},
            {"--tool", "Safety Call=yes"}
        }) {
            String[] all = new String[args.length + 2];
            all[0] = "safety";
            all[1] = p.toString();
            System.arraycopy(args, 0, all, 2, args.length);
            r = CliTest.run(all);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
        }
        // an input the project does not have, a tool the scenario does not have
        r = CliTest.run(
                "safety", p.toString(), "--decide", "lantern/99", "--tool", "Safety Call=yes", "--expert", "ana");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no tool-selection input 'lantern/99'"), r.err());
        r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--tool",
                "End Conversation=no",
                "--tool",
                "Teleport=yes",
                "--expert",
                "ana");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("'Teleport' is not a tool"), r.err());
        assertEquals("0", humanLabels(p, "ana"));
    }

    @Test
    void onATeamProjectTheHubIdentityDecides() {
        Path p = project();
        try (Project project = Project.open(p)) {
            project.setMeta(LocalTeam.PERSON, "dana");
        }
        CliTest.Run r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--tool",
                "End Conversation=no",
                "--expert",
                "ana");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("joined as dana"), r.err());
        assertEquals("0", humanLabels(p, "ana"));
        r = CliTest.run(
                "safety",
                p.toString(),
                "--decide",
                "lantern/4",
                "--tool",
                "Safety Call=yes",
                "--tool",
                "End Conversation=no",
                "--rationale",
                "a plan with a time; no hostility");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().contains("decision of dana on lantern/4") && r.out().contains("`team sync` sends it"), r.out());
        assertEquals("4", humanLabels(p, "dana"));
    }
}
