package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Reads a ToolFailBench {@code tasks.json}; a {@code tools.json} beside it gives the tasks' tool list. */
final class TasksFileReader {
    void read(Path file, byte[] bytes, Consumer<Records.Rec> out) {
        JsonNode root;
        try {
            root = StrictJson.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, "", 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, "", "cannot read: " + e.getMessage());
        }
        Fields f = new Fields(file, -1);
        if (root == null || !root.isObject()) {
            throw f.error("", "expected an object {domain, version, tasks: [...]}, found " + Fields.describe(root));
        }
        JsonNode tasks = root.get("tasks");
        if (tasks == null || !tasks.isArray()) {
            throw f.error("/tasks", "expected an array of tasks, found " + Fields.describe(tasks));
        }
        JsonNode tools = siblingTools(file);
        for (int i = 0; i < tasks.size(); i++) {
            JsonNode t = tasks.get(i);
            if (!t.isObject()) {
                throw f.error("/tasks/" + i, "expected a task object, found " + Fields.describe(t));
            }
            out.accept(TaskCodec.fromToolFailBench((ObjectNode) t, tools, f, "/tasks/" + i));
        }
    }

    private static JsonNode siblingTools(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        Path tools = dir == null ? null : dir.resolve("tools.json");
        if (tools == null || !Files.isRegularFile(tools)) {
            return null;
        }
        try {
            JsonNode t = StrictJson.readTree(Files.readAllBytes(tools)).get("tools");
            return t != null && t.isArray() ? t : null;
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(tools, e, "", 0);
        } catch (IOException e) {
            throw new ImportException(tools, -1, "", "cannot read: " + e.getMessage());
        }
    }
}
