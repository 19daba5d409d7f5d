package org.tracejudge.ui.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.ui.PlainWorkbench;

/**
 * File ▸ Team's state without a window or a hub (issue 37): a project that is no team project says so; a read's
 * reviewers, agreement lines and my items are what the window shows. (The hub's side: TeamUiTest, TeamSyncTest.)
 */
class TeamViewModelTest {
    @TempDir
    Path dir;

    @Test
    void aProjectThatIsNoTeamProjectSaysSo() throws Exception {
        try (PlainWorkbench w = PlainWorkbench.sample(dir, "tester")) {
            TeamViewModel t = new TeamViewModel(w.vm().session());
            w.run(t::refresh);
            w.waitFor("the header", () -> !t.headerProperty().get().isEmpty());
            assertTrue(w.call(() -> t.headerProperty().get()).startsWith("This project is not a team project"));
            assertTrue(w.call(() -> t.reviewers().isEmpty() && t.mine().isEmpty()));
            assertEquals("Agreement: no item decided by two reviewers yet", w.call(() -> t.agreementProperty()
                    .get()));
        }
    }

    @Test
    void aReadIsShownAsTheWindowShowsIt() {
        TeamViewModel t = new TeamViewModel(null);
        TeamProgress.Reviewer ana = new TeamProgress.Reviewer("ana", 10, 4, 6, 1, 2, 0);
        CohenResult pair = new CohenResult("ana", "ben", 8, 0.75, 0.5, null, null, null, null);
        CohenResult none = new CohenResult("ana", "cy", 0, null, null, null, null, null, null);
        t.show(new TeamViewModel.View(
                "'p' as ana (review) · hub",
                List.of(ana),
                List.of(pair, none),
                List.of("✓ T-1 · m", "   T-2 · m (adjudicate)")));
        assertEquals("'p' as ana (review) · hub", t.headerProperty().get());
        assertEquals(List.of(ana), t.reviewers());
        assertEquals(
                String.format(
                        "ana vs ben: n = 8, agreement %s, κ = %s",
                        String.format("%.2f", 0.75), String.format("%.2f", 0.5)),
                t.agreementProperty().get(),
                "pairs with no shared item left out");
        assertEquals(2, t.mine().size());
    }
}
