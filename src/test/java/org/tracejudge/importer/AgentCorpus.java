package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;
import org.tracejudge.json.TurnCodec;
import org.tracejudge.model.Role;
import org.tracejudge.model.Turn;
import org.tracejudge.store.Project;

/** The real agent-trace files of ../shared/corpora/formats, imported into a project and read back (tests). */
final class AgentCorpus {
    static final Path FORMATS = TestData.SHARED.resolve("corpora").resolve("formats");

    private AgentCorpus() {}

    /** A corpus file; the calling test is skipped (one line) when ../shared is absent. */
    static Path file(String format, String name) {
        Path p = FORMATS.resolve(format).resolve(name);
        TestData.requireShared(Files.isRegularFile(p), "../shared/corpora/formats/" + format + "/" + name);
        return p;
    }

    /** One imported trace as stored. */
    record Run(
            String id,
            String model,
            String answer,
            List<Turn> turns,
            JsonNode extra,
            JsonNode calls,
            String taskKey,
            String userMessage,
            String taskType) {
        JsonNode steps() {
            return extra.path("steps");
        }

        long count(Role role) {
            return turns.stream().filter(t -> t.role() == role).count();
        }

        int results() {
            return turns.stream().mapToInt(t -> t.toolResults().size()).sum();
        }

        String pairings() {
            List<String> out = new ArrayList<>();
            for (JsonNode s : steps()) {
                if (s.has("pairing")) {
                    out.add(s.get("pairing").asText());
                }
            }
            return String.join(",", out);
        }
    }

    static List<Run> runs(Project p) {
        return p.read(c -> {
            List<Run> out = new ArrayList<>();
            try (var s = c.createStatement();
                    var rs = s.executeQuery("SELECT t.id, t.model, t.answer, t.turns, t.extra, "
                            + "t.tool_calls, k.task_key, k.user_message, k.task_type FROM trace t JOIN task k ON k.id = t.task_id "
                            + "ORDER BY t.rowid")) {
                while (rs.next()) {
                    out.add(new Run(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            TurnCodec.fromJson(Json.read(rs.getString(4))),
                            Json.read(rs.getString(5)),
                            Json.read(rs.getString(6)),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9)));
                }
            }
            return out;
        });
    }
}
