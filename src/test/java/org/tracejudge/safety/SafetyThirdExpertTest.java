package org.tracejudge.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.cli.TracejudgeCli;
import org.tracejudge.store.Project;
import org.tracejudge.team.LocalTeam;

/** Issue 47 item 11 in the core: no third expert on an item two experts labelled; the queue under the blind policy. */
class SafetyThirdExpertTest {
    @TempDir
    Path dir;

    private static String queue(Path file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(
                0,
                TracejudgeCli.execute(
                        new String[] {"safety", file.toString(), "--queue"},
                        new PrintWriter(out),
                        new PrintWriter(err)),
                err.toString());
        return out.toString();
    }

    @Test
    void aThirdExpertIsRefusedAndOneOfTheTwoMayRevise() {
        try (Project p = SafetyReviewTest.sample(dir)) {
            String t = SafetyReviewTest.trace(p, "listener-small", "structured", "lantern/4");
            SafetyReview.label(p, t, "ana", Map.of("Safety Call", true, "End Conversation", false), "plan");
            SafetyReview.label(p, t, "ben", Map.of("Safety Call", false, "End Conversation", false), "venting");
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> SafetyReview.label(
                            p, t, "CARA", Map.of("Safety Call", false, "End Conversation", false), "tie-break"));
            assertTrue(e.getMessage().contains("ana and ben labelled lantern/4 already"), e.getMessage());
            SafetyReview.label(p, t, "Ben", Map.of("Safety Call", true, "End Conversation", false), "on reflection");
            // the adjudicator still decides as before
            SafetyReview.adjudicate(p, t, "cara", "Safety Call", true, "plan with a time");
        }
    }

    @Test
    void underTheBlindPolicyTheQueueShowsLabelsToTheItemsAdjudicatorOnly() throws Exception {
        Path file = dir.resolve("safety.tjdb");
        String t;
        try (Project p = SafetyReviewTest.sample(dir)) {
            t = SafetyReviewTest.trace(p, "listener-small", "structured", "lantern/4");
            SafetyReview.label(p, t, "ana", Map.of("Safety Call", true, "End Conversation", false), "a plan");
            SafetyReview.label(p, t, "ben", Map.of("Safety Call", false, "End Conversation", false), "venting");
        }
        assertTrue(queue(file).contains("venting"), "no team: everything shown");
        try (Project p = Project.open(file)) {
            p.write(c -> {
                LocalTeam.setMeta(c, LocalTeam.HUB, "postgresql://hub.invalid/tj");
                LocalTeam.setMeta(c, LocalTeam.PERSON, "cara");
                LocalTeam.setMeta(c, LocalTeam.DUTY, "review");
                LocalTeam.setMeta(c, LocalTeam.BLIND, "true");
                return null;
            });
        }
        String hidden = queue(file);
        assertTrue(hidden.contains("lantern/4") && hidden.contains("shown to its adjudicator only"), hidden);
        assertTrue(!hidden.contains("venting") && !hidden.contains("a plan") && !hidden.contains("ben"), hidden);
        try (Project p = Project.open(file)) {
            p.write(c -> {
                try (var s = c.prepareStatement("INSERT INTO team_assignment(id, trace_id, reviewer, duty, created_at) "
                        + "VALUES ('a1', ?, 'Cara', 'adjudicate', '2026-12-01T00:00:00.000000Z')")) {
                    s.setString(1, t);
                    s.executeUpdate();
                }
                return null;
            });
        }
        assertTrue(queue(file).contains("venting"), "the item's adjudicator sees both");
    }
}
