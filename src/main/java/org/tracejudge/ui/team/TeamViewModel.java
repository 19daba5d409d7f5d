package org.tracejudge.ui.team;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.agreement.CohenResult;
import org.tracejudge.store.Project;
import org.tracejudge.team.Assigner;
import org.tracejudge.team.HubAddress;
import org.tracejudge.team.LocalTeam;
import org.tracejudge.team.TeamProgress;
import org.tracejudge.team.TeamSync;
import org.tracejudge.ui.session.Session;

/**
 * File ▸ Team's state: the header (project, person, duty, hub), progress per reviewer, reviewer-vs-reviewer agreement
 * and the items assigned to me, read in one go on the project thread; "Sync now" and joining a team project (the
 * first pull on a thread of its own, then the project opens).
 */
public final class TeamViewModel {
    /** What the window shows, read in one go on the project thread. */
    public record View(
            String header, List<TeamProgress.Reviewer> reviewers, List<CohenResult> agreement, List<String> mine) {}

    private final Session session;
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper agreement = new ReadOnlyStringWrapper("");
    private final ObservableList<TeamProgress.Reviewer> reviewers = FXCollections.observableArrayList();
    private final ObservableList<String> mine = FXCollections.observableArrayList();

    public TeamViewModel(Session session) {
        this.session = session;
    }

    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty agreementProperty() {
        return agreement.getReadOnlyProperty();
    }

    public ObservableList<TeamProgress.Reviewer> reviewers() {
        return reviewers;
    }

    public ObservableList<String> mine() {
        return mine;
    }

    /** The sync state line (the session's). */
    public ReadOnlyStringProperty syncStateProperty() {
        return session.team().teamStatusProperty();
    }

    /** FX thread: reads the team's state on the project thread and shows it. */
    public void refresh() {
        session.query(TeamViewModel::read, this::show, header::set);
    }

    /** Sync now, and read the state again a moment later. */
    public void syncNow() {
        session.team().syncTeamNow();
        Thread t = new Thread(
                () -> {
                    try {
                        Thread.sleep(1500);
                    } catch (InterruptedException e) {
                        return;
                    }
                    session.onFx(this::refresh);
                },
                "team-refresh");
        t.setDaemon(true);
        t.start();
    }

    /** FX thread: shows a read. */
    void show(View v) {
        header.set(v.header());
        reviewers.setAll(v.reviewers());
        agreement.set(agreementText(v.agreement()));
        mine.setAll(v.mine());
    }

    /** Each pair of reviewers with items both decided: n, raw agreement and kappa. */
    static String agreementText(List<CohenResult> pairs) {
        StringBuilder b = new StringBuilder();
        for (CohenResult c : pairs) {
            if (c.n() > 0) {
                b.append(String.format(
                        "%s vs %s: n = %d, agreement %s, κ = %s%n",
                        c.raterA(),
                        c.raterB(),
                        c.n(),
                        c.agreement() == null ? "n/a" : String.format("%.2f", c.agreement()),
                        c.kappa() == null ? "n/a" : String.format("%.2f", c.kappa())));
            }
        }
        return b.length() == 0
                ? "Agreement: no item decided by two reviewers yet"
                : b.toString().strip();
    }

    /** Project thread: the team's state, or why there is none. */
    static View read(Project p) {
        if (p.meta(LocalTeam.HUB) == null) {
            return new View(
                    "This project is not a team project (File ▸ Team ▸ Join…, or tracejudge team init).",
                    List.of(),
                    List.of(),
                    List.of());
        }
        String person = p.meta(LocalTeam.PERSON);
        List<TeamProgress.Reviewer> rs = p.read(TeamProgress::reviewers);
        List<String> people = new ArrayList<>();
        rs.forEach(r -> people.add(r.person()));
        List<CohenResult> k = p.read(c -> TeamProgress.agreement(c, people));
        List<String> mine = new ArrayList<>();
        for (TeamProgress.Mine m : p.read(c -> TeamProgress.mine(c, person))) {
            mine.add((m.done() ? "✓ " : "   ") + m.taskKey() + " · " + m.model()
                    + (m.duty().equals(Assigner.ADJUDICATE) ? " (adjudicate)" : ""));
        }
        return new View(
                String.format(
                        "'%s' as %s (%s) · %s",
                        p.meta(LocalTeam.PROJECT), person, p.meta(LocalTeam.DUTY), p.meta(LocalTeam.HUB)),
                rs,
                k,
                mine);
    }

    /**
     * Joins a team project: the first pull into {@code file} on a thread of its own, then the project opens; a
     * failure goes to {@code onError} (FX thread) as "Could not join: …". The password comes from the environment or
     * ~/.pgpass.
     */
    public void join(String url, String role, String project, String file, Consumer<String> onError) {
        Thread t = new Thread(
                () -> {
                    try {
                        HubAddress a = HubAddress.parse(url, role);
                        Path out = Path.of(file.strip());
                        TeamSync.join(a, project.strip(), out, TeamSync.QUIET).close();
                        session.onFx(() -> session.open(out));
                    } catch (Exception e) {
                        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
                        session.onFx(() -> onError.accept("Could not join: " + msg));
                    }
                },
                "team-join");
        t.setDaemon(true);
        t.start();
    }
}
