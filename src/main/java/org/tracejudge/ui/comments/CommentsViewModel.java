package org.tracejudge.ui.comments;

import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tracejudge.store.Comments;
import org.tracejudge.ui.session.Session;

/**
 * The comments pane's state (issue 36, item 8): the comments and flag of the trace on screen, read on the project
 * thread; a note or a flag written there under the annotator's name, then the table re-read (its "Flagged for the
 * lead" filter) and a team project synced at once. Under the blind mode others' comments on a trace not yet decided
 * are held back (on a team project the hub holds them back too).
 */
public final class CommentsViewModel implements Session.Listener {
    private final Session session;
    private final ObservableList<Comments.Comment> comments = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper flagged = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper heldBack = new ReadOnlyBooleanWrapper();
    private final javafx.beans.property.ReadOnlyStringWrapper flagNote =
            new javafx.beans.property.ReadOnlyStringWrapper("");
    /** The trace shown (FX thread) and whether others' comments are to be held back on it. */
    private String traceId;

    private boolean blind;
    private long generation;

    public CommentsViewModel(Session session) {
        this.session = session;
        session.addListener(this);
    }

    @Override
    public void opened() {
        session.onFx(() -> show(null, false));
    }

    /**
     * The traces that have any comment, read with each re-read of the project (one index walk): showing a trace without
     * one reads nothing, so the review keys never wait behind a comments query.
     */
    private volatile java.util.Set<String> commented = java.util.Set.of();

    /** The traces flagged for the lead now, read with {@link #commented}. */
    private volatile java.util.Set<String> flaggedTraces = java.util.Set.of();

    private final javafx.beans.property.ReadOnlyIntegerWrapper marksVersion =
            new javafx.beans.property.ReadOnlyIntegerWrapper();

    @Override
    public void read(Session.Read r) {
        // project thread: a re-read (a team sync brought others' work, an import) may bring comments too
        try {
            commented = r.project().read(Comments::commentedTraces);
            flaggedTraces = r.project().read(Comments::flaggedTraces);
        } catch (RuntimeException e) {
            commented = java.util.Set.of(); // shown as none; the status says nothing for a convenience
            flaggedTraces = java.util.Set.of();
        }
        session.onFx(() -> {
            show(traceId, blind);
            marksVersion.set(marksVersion.get() + 1);
        });
    }

    /**
     * The table's marks of a trace (FX thread): ⚑ flagged for the lead, ✎ commented ("" for neither). Under the blind
     * mode others' comments stay unseen, but a mark says only that there is one, as the filter does.
     */
    public String marks(String id) {
        return (flaggedTraces.contains(id) ? "⚑" : "") + (commented.contains(id) ? "✎" : "");
    }

    /** Changes whenever the marks may have changed (a re-read, a comment or flag written). */
    public javafx.beans.property.ReadOnlyIntegerProperty marksVersionProperty() {
        return marksVersion.getReadOnlyProperty();
    }

    public ObservableList<Comments.Comment> comments() {
        return comments;
    }

    public ReadOnlyBooleanProperty flaggedProperty() {
        return flagged.getReadOnlyProperty();
    }

    /** While the trace is flagged: who flagged it and why (the newest flag shown), for the banner over the trace. */
    public javafx.beans.property.ReadOnlyStringProperty flagNoteProperty() {
        return flagNote.getReadOnlyProperty();
    }

    /** True when the blind mode holds back others' comments on the trace shown. */
    public ReadOnlyBooleanProperty heldBackProperty() {
        return heldBack.getReadOnlyProperty();
    }

    /** The trace the trace view shows, asked when no {@link #show} has named one yet (a key pressed as it loads). */
    private java.util.function.Supplier<String> onScreen = () -> null;

    /** FX thread: where to ask which trace is on screen when none was shown here yet. */
    public void onScreen(java.util.function.Supplier<String> traceShown) {
        this.onScreen = traceShown;
    }

    /** FX thread: shows the comments of {@code id} (null: none); {@code blindHere}: hold back others' comments. */
    public void show(String id, boolean blindHere) {
        traceId = id;
        blind = blindHere;
        long gen = ++generation;
        if (id == null || session.project() == null || !commented.contains(id)) {
            comments.clear();
            flagged.set(false);
            heldBack.set(false);
            flagNote.set("");
            return;
        }
        String me = session.annotatorProperty().get();
        session.query(
                p -> p.read(c -> new Object[] {Comments.of(c, id), Comments.flagged(c, id)}),
                r -> {
                    if (gen != generation) {
                        return; // another trace is on screen by now
                    }
                    @SuppressWarnings("unchecked")
                    List<Comments.Comment> all = (List<Comments.Comment>) r[0];
                    List<Comments.Comment> shown = blindHere
                            ? all.stream()
                                    .filter(x -> x.author().equalsIgnoreCase(me == null ? "" : me))
                                    .toList()
                            : all;
                    comments.setAll(shown);
                    heldBack.set(shown.size() < all.size());
                    flagged.set((Boolean) r[1]);
                    Comments.Comment last = null;
                    for (Comments.Comment x : shown) {
                        if (x.action() == Comments.Action.FLAG) {
                            last = x;
                        }
                    }
                    flagNote.set(
                            !flagged.get()
                                    ? ""
                                    : "⚑ Flagged for the lead"
                                            + (last == null
                                                    ? ""
                                                    : " by " + last.author()
                                                            + (last.text().isEmpty()
                                                                    ? ""
                                                                    : ": " + shorten(last.text())))
                                            + "  (F clears it; comments under the raters)");
                },
                err -> session.setStatus("Cannot read the comments: " + err));
    }

    /**
     * FX thread: writes a comment on the trace shown under the annotator's name (a note, a flag or its clearing), then
     * shows it, re-reads the table and syncs a team project. Returns what is wrong instead (no trace, no name).
     */
    public String add(Comments.Action action, String text) {
        String id = traceId != null ? traceId : onScreen.get();
        String me = session.annotatorProperty().get();
        String problem = id == null
                ? "No trace on screen to comment on."
                : me == null || me.isBlank()
                        ? "Set your name first (Review ▸ Annotator name…): a comment carries it."
                        : session.project() == null ? "No project is open." : null;
        if (problem != null) {
            session.setStatus(problem);
            return problem;
        }
        boolean b = blind;
        session.query(
                pr -> Comments.add(pr, id, me, action, text),
                c -> {
                    java.util.Set<String> more = new java.util.HashSet<>(commented);
                    more.add(id);
                    commented = more;
                    java.util.Set<String> flags = new java.util.HashSet<>(flaggedTraces);
                    if (action == Comments.Action.FLAG) {
                        flags.add(id);
                    } else if (action == Comments.Action.UNFLAG) {
                        flags.remove(id);
                    }
                    flaggedTraces = flags;
                    marksVersion.set(marksVersion.get() + 1);
                    // said once it is written, so "saved" is true when it shows; after the table's re-read,
                    // whose own line would cover it
                    String saved =
                            switch (action) {
                                case FLAG ->
                                    "Saved: flagged for the lead by " + me + ": "
                                            + (c.text().isEmpty() ? "(no text)" : shorten(c.text()));
                                case UNFLAG -> "Saved: flag cleared by " + me + ".";
                                case NOTE ->
                                    "Saved: " + me + "'s comment \u201c" + shorten(c.text())
                                            + "\u201d (under the raters; exported with the project).";
                            };
                    show(id, b);
                    session.refresh();
                    session.afterPendingWork(() -> session.setStatus(saved));
                    session.team().syncTeamNow();
                },
                err -> session.setStatus("The comment was not kept: " + err));
        return null;
    }

    private static String shorten(String text) {
        String one = text.replace('\n', ' ');
        return one.length() <= 160 ? one : one.substring(0, 159) + "…";
    }

    /** FX thread: flags the trace shown for the lead, or clears its flag. */
    public String toggleFlag(String text) {
        return add(flagged.get() ? Comments.Action.UNFLAG : Comments.Action.FLAG, text);
    }
}
