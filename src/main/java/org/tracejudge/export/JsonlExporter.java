package org.tracejudge.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.tracejudge.json.Json;
import org.tracejudge.output.OutputFile;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectDump;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.Timestamps;

/**
 * Writes a whole project as the workbench's JSON Lines: a header, then one self-describing object per
 * line ({@code kind}: label_set, toolset, task, rater, trace, label, adjudication, comment — the comments and flags
 * on traces) with the project's
 * stable ids, in an order that can be imported line by line. The file appears atomically.
 */
public final class JsonlExporter {
    public static final String FORMAT = "tracejudge";
    public static final int VERSION = 1;

    private JsonlExporter() {}

    /** Counts of what was written ({@code judgeCalls}: cached judge answers, with {@code --with-judge-cache}). */
    public record Summary(
            long lines, long tasks, long traces, long labels, long adjudications, long judgeCalls, long comments) {}

    public static Summary export(Project project, Path out) {
        return export(project, out, false);
    }

    /**
     * The project as JSONL; with {@code withJudgeCache} also every saved judge's settings (never a key: only the name
     * of the variable holding it) and every answered judge call (the response cache, keys already scrubbed when they
     * were stored), so another laptop running the same judge version is answered from the cache and derives the same
     * ledger ids instead of paying again.
     */
    public static Summary export(Project project, Path out, boolean withJudgeCache) {
        try {
            return OutputFile.write(
                    out,
                    List.of(project.file()),
                    tmp -> project.read(c -> {
                        try (OutputStream os = Files.newOutputStream(tmp);
                                JsonGenerator g = Json.FACTORY.createGenerator(os)) {
                            g.setRootValueSeparator(null);
                            return write(c, project, g, withJudgeCache);
                        } catch (IOException e) {
                            // the output file failed, not the project: say which file, and a full disk as such
                            String m = String.valueOf(e.getMessage());
                            throw new ProjectException(
                                    out + ": cannot write the export: "
                                            + (m.contains("No space left")
                                                    ? "the disk is full; the file was left as it was"
                                                    : m),
                                    e);
                        }
                    }));
        } catch (OutputFile.Refused | ProjectException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            throw new ProjectException(
                    out + ": cannot write the export: "
                            + (m.contains("No space left") ? "the disk is full; the file was left as it was" : m),
                    e);
        }
    }

    private static Summary write(Connection c, Project project, JsonGenerator g, boolean withJudgeCache)
            throws Exception {
        long[] n = new long[7];
        g.writeStartObject();
        g.writeStringField("kind", "header");
        g.writeStringField("format", FORMAT);
        g.writeNumberField("version", VERSION);
        g.writeStringField("project", project.name());
        g.writeStringField("exported_at", Timestamps.now());
        g.writeEndObject();
        newline(g);
        n[0]++;
        ProjectDump.each(c, withJudgeCache, (kind, columns, values, raw) -> {
            g.writeStartObject();
            g.writeStringField("kind", kind);
            for (int i = 0; i < columns.length; i++) {
                String v = values[i];
                if (v == null) {
                    continue;
                }
                if (raw.contains(columns[i])) {
                    g.writeFieldName(columns[i]);
                    // stored JSON may be pretty-printed as imported; one line per object needs it compact
                    g.writeRawValue(
                            v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0
                                    ? Json.read(v).toString()
                                    : v);
                } else {
                    g.writeStringField(columns[i], v);
                }
            }
            g.writeEndObject();
            newline(g);
            n[countedAs(kind)]++;
        });
        g.flush();
        return new Summary(n[0] + n[1] + n[2] + n[3] + n[4] + n[5] + n[6], n[1], n[2], n[3], n[4], n[5], n[6]);
    }

    /** Which of the summary's counts a line of {@code kind} adds to (0: only the line total). */
    private static int countedAs(String kind) {
        return switch (kind) {
            case "task" -> 1;
            case "trace" -> 2;
            case "label", "answer" -> 3;
            case "adjudication" -> 4;
            case "judge_call" -> 5;
            case "comment" -> 6;
            default -> 0;
        };
    }

    private static void newline(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
    }

    /** For tests and tools: parse one exported line. */
    public static JsonNode parseLine(String line) {
        return Json.read(line);
    }
}
