package org.tracejudge.ui.session;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;

/**
 * The views kept in the settings per project file: the last one (filter, sort, trace, skipped traces and hidden
 * columns), brought back when the project is reopened, and the named ones the person saved (issue 36, item 12). The
 * bundled samples open fresh each time: their view is not kept. No JavaFX here: the open project and the current filter
 * and sort are read through the suppliers given.
 */
public final class ViewPreferences {
    /**
     * What a person was looking at in a project, kept in the settings per project file so that reopening it (or
     * starting again) brings back the filter, the sort, the trace and the skipped traces.
     */
    public record View(
            TraceTable.Filter filter, TraceTable.Sort sort, String trace, List<String> skipped, List<String> hidden) {
        public View(TraceTable.Filter filter, TraceTable.Sort sort, String trace, List<String> skipped) {
            this(filter, sort, trace, skipped, List.of());
        }

        String write() {
            com.fasterxml.jackson.databind.node.ObjectNode o = org.tracejudge.json.Json.object();
            com.fasterxml.jackson.databind.node.ObjectNode eq = o.putObject("equals");
            filter.equals().forEach(eq::put);
            o.put("show", filter.show().name());
            o.put("search", filter.search());
            if (sort.key() != null) {
                o.put("sort", sort.key());
            }
            o.put("descending", sort.descending());
            if (trace != null) {
                o.put("trace", trace);
            }
            skipped.forEach(o.putArray("skipped")::add);
            hidden.forEach(o.putArray("hidden_columns")::add);
            return o.toString();
        }

        /** The view a settings text holds, or null (none, or unreadable: then the project opens as new). */
        static View read(String text) {
            if (text == null) {
                return null;
            }
            try {
                com.fasterxml.jackson.databind.JsonNode o = org.tracejudge.json.Json.read(text);
                Map<String, String> eq = new java.util.LinkedHashMap<>();
                o.path("equals")
                        .properties()
                        .iterator()
                        .forEachRemaining(e -> eq.put(e.getKey(), e.getValue().asText()));
                TraceTable.Filter f = new TraceTable.Filter(
                        eq,
                        TraceTable.Show.valueOf(o.path("show").asText("ALL")),
                        o.path("search").asText(""));
                TraceTable.Sort s = new TraceTable.Sort(
                        o.hasNonNull("sort") ? o.get("sort").asText() : null,
                        o.path("descending").asBoolean(false));
                List<String> skipped = new java.util.ArrayList<>();
                o.path("skipped").forEach(n -> skipped.add(n.asText()));
                List<String> hidden = new java.util.ArrayList<>();
                o.path("hidden_columns").forEach(n -> hidden.add(n.asText()));
                return new View(f, s, o.hasNonNull("trace") ? o.get("trace").asText() : null, skipped, hidden);
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    private final Settings settings;
    private final Supplier<Project> project;
    private final Supplier<TraceTable.Filter> filter;
    private final Supplier<TraceTable.Sort> sort;

    /** FX thread: the view saved for the project just opened, for the view models to restore (then null). */
    private View restore;

    private final List<Supplier<View>> viewParts = new CopyOnWriteArrayList<>();

    /** The file of the open project whose view is kept (null for the sample). */
    private volatile Path viewFile;

    /** Views kept in {@code settings} for the open project, with its current filter and sort. */
    public ViewPreferences(
            Settings settings,
            Supplier<Project> project,
            Supplier<TraceTable.Filter> filter,
            Supplier<TraceTable.Sort> sort) {
        this.settings = settings;
        this.project = project;
        this.filter = filter;
        this.sort = sort;
    }

    /** FX thread, in {@link Session.Listener#opened()}: what to bring back of the project's last view (null: fresh). */
    public View restoredView() {
        return restore;
    }

    /** FX thread, before the listeners hear {@code opened()}: the view they are to bring back (null: none). */
    void restore(View v) {
        restore = v;
    }

    /**
     * The table's view model tells where the person is (the trace and the skipped traces); the session adds the
     * filter and sort and keeps it per project.
     */
    public void viewFrom(Supplier<View> part) {
        viewParts.add(part);
    }

    /**
     * Project thread: project {@code p} was opened; its view is kept when {@code kept} (a file the person chose, not a
     * bundled sample). Returns the view kept for it last time, or null.
     */
    View opened(Project p, boolean kept) {
        viewFile = kept ? p.file() : null;
        return kept ? View.read(settings.text(viewKey(p.file()), null)) : null;
    }

    private static String viewKey(Path file) {
        return "view:" + file.toAbsolutePath().normalize();
    }

    private String viewsKey() {
        Project p = project.get();
        return p == null ? null : "views:" + p.file().toAbsolutePath().normalize();
    }

    /**
     * The named views of the open project (issue 36, item 12): each keeps columns, filter and sort under a name the
     * person gave it, in the settings beside the project's last view. Sorted by name.
     */
    public List<String> namedViews() {
        String key = viewsKey();
        if (key == null) {
            return List.of();
        }
        List<String> names = new java.util.ArrayList<>();
        readViews(key).fieldNames().forEachRemaining(names::add);
        names.sort(String.CASE_INSENSITIVE_ORDER);
        return names;
    }

    /** The named view {@code name} of the open project, or null. */
    public View namedView(String name) {
        String key = viewsKey();
        com.fasterxml.jackson.databind.JsonNode v =
                key == null ? null : readViews(key).get(name);
        return v == null ? null : View.read(v.toString());
    }

    /** Keeps the current filter and sort with {@code hidden} columns as the named view {@code name} (replacing it). */
    public void saveNamedView(String name, List<String> hidden) {
        String key = viewsKey();
        if (key == null || name == null || name.isBlank()) {
            return;
        }
        com.fasterxml.jackson.databind.node.ObjectNode views = readViews(key);
        View v = new View(filter.get(), sort.get(), null, List.of(), hidden);
        views.set(name.strip(), org.tracejudge.json.Json.read(v.write()));
        settings.setText(key, views.toString());
    }

    public void deleteNamedView(String name) {
        String key = viewsKey();
        if (key != null) {
            com.fasterxml.jackson.databind.node.ObjectNode views = readViews(key);
            views.remove(name);
            settings.setText(key, views.toString());
        }
    }

    private com.fasterxml.jackson.databind.node.ObjectNode readViews(String key) {
        try {
            com.fasterxml.jackson.databind.JsonNode n = org.tracejudge.json.Json.read(settings.text(key, "{}"));
            if (n instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
                return o;
            }
        } catch (RuntimeException e) {
            // an unreadable entry starts empty (the settings file was edited by hand)
        }
        return org.tracejudge.json.Json.object();
    }

    /** FX thread: keeps the open project's view in the settings. */
    void saveView() {
        Project p = project.get();
        Path file = viewFile;
        if (p == null || file == null || viewParts.isEmpty()) {
            return; // the bundled sample opens fresh each time
        }
        try {
            View part = viewParts.get(0).get();
            View v = new View(
                    filter.get(),
                    sort.get(),
                    part == null ? null : part.trace(),
                    part == null ? List.of() : part.skipped(),
                    part == null ? List.of() : part.hidden());
            settings.setText(viewKey(file), v.write());
        } catch (RuntimeException e) {
            // a view not kept is no reason to fail closing
        }
    }
}
