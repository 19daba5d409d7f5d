package org.tracejudge.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.json.Json;

/**
 * The user's app settings ({@code settings.json} in {@link AppDirs#dataDir()}): annotator name, recent
 * projects, window layout, review preferences. Every change is written at once (atomically); a damaged
 * file is ignored (and replaced on the next change), never fatal.
 */
public final class Settings {
    public static final int MAX_RECENT = 10;

    private final Path file;
    private ObjectNode root;

    private Settings(Path file, ObjectNode root) {
        this.file = file;
        this.root = root;
    }

    public static Settings load() {
        return load(AppDirs.dataDir().resolve("settings.json"));
    }

    public static Settings load(Path file) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        if (Files.isRegularFile(file)) {
            try {
                JsonNode n = Json.MAPPER.readTree(file.toFile());
                if (n instanceof ObjectNode o) {
                    root = o;
                }
            } catch (IOException | RuntimeException e) {
                // unreadable settings: start afresh
            }
        }
        return new Settings(file, root);
    }

    public Path file() {
        return file;
    }

    public synchronized String annotator() {
        String a = root.path("annotator").asText("");
        return a.isBlank() ? null : a;
    }

    public synchronized void setAnnotator(String name) {
        root.put("annotator", name == null ? "" : name.trim());
        save();
    }

    public synchronized List<Path> recentProjects() {
        List<Path> out = new ArrayList<>();
        root.path("recent").forEach(n -> out.add(Path.of(n.asText())));
        return out;
    }

    /** Moves {@code project} to the top of the recent list. */
    public synchronized void addRecent(Path project) {
        String p = project.toAbsolutePath().normalize().toString();
        ArrayNode old = root.path("recent") instanceof ArrayNode a ? a : Json.MAPPER.createArrayNode();
        ArrayNode now = root.putArray("recent");
        now.add(p);
        for (JsonNode n : old) {
            if (!n.asText().equals(p) && now.size() < MAX_RECENT) {
                now.add(n.asText());
            }
        }
        save();
    }

    public synchronized double number(String key, double fallback) {
        JsonNode n = root.path("numbers").path(key);
        return n.isNumber() ? n.asDouble() : fallback;
    }

    public synchronized void setNumbers(java.util.Map<String, Double> values) {
        ObjectNode o = root.withObjectProperty("numbers");
        values.forEach((k, v) -> {
            if (v != null && Double.isFinite(v)) {
                o.put(k, v);
            }
        });
        save();
    }

    public synchronized boolean flag(String key) {
        return root.path("flags").path(key).asBoolean(false);
    }

    public synchronized void setFlag(String key, boolean value) {
        root.withObjectProperty("flags").put(key, value);
        save();
    }

    /** A text setting (a theme's name…), or {@code fallback}. */
    public synchronized String text(String key, String fallback) {
        JsonNode n = root.path("texts").path(key);
        return n.isTextual() ? n.asText() : fallback;
    }

    public synchronized void setText(String key, String value) {
        root.withObjectProperty("texts").put(key, value);
        save();
    }

    private void save() {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // settings are a convenience: a read-only data folder must not stop the work
        }
    }
}
