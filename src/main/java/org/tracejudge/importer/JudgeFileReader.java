package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.json.Json;

/**
 * Reads a ToolFailBench judge file (a JSON array, one verdict per trace). A judge that failed
 * ({@code failure_mode: null}) is kept as a null verdict with its raw text, not refused.
 */
final class JudgeFileReader {
    /** The judge's confidence as the ToolFailBench judge files write it. */
    static final java.util.Set<String> CONFIDENCES = java.util.Set.of("high", "medium", "low");

    private static final Pattern NAME = Pattern.compile("_judge_(.+?)(?:_\\d{8}_\\d{6})?\\.json$");
    static final String[] SCORES = {"tool_selection", "result_faithfulness", "answer_correctness"};

    /** The rater name a judge file implies: {@code <model>_judge_<judge>_<ts>.json} gives {@code <judge>}. */
    static String raterFromFileName(Path file) {
        String name = file.getFileName().toString();
        Matcher m = NAME.matcher(name);
        if (m.find()) {
            return m.group(1);
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    void read(Path file, byte[] bytes, String raterId, Consumer<Records.Rec> out, ImportListener listener) {
        String ptr = "";
        try (JsonParser p = StrictJson.parser(bytes)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new ImportException(
                        file,
                        p.currentTokenLocation().getLineNr(),
                        "",
                        "expected a JSON array of judge rows, found " + ResultsFileReader.token(p.currentToken()));
            }
            int row = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                ptr = "/" + row;
                if (p.currentToken() == null) {
                    throw new ImportException(file, -1, ptr, "the file ends in the middle of the array (truncated?)");
                }
                long line = p.currentTokenLocation().getLineNr();
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    throw new ImportException(
                            file,
                            line,
                            ptr,
                            "expected a judge row (an object), found " + ResultsFileReader.token(p.currentToken()));
                }
                JsonNode node = Json.MAPPER.readTree(p);
                out.accept(row(file, line, ptr, node, raterId));
                row++;
                if ((row & 63) == 0) {
                    listener.progress(file, p.currentLocation().getByteOffset(), bytes.length);
                    if (listener.cancelled()) {
                        throw new ImportCancelledException();
                    }
                }
            }
            listener.progress(file, bytes.length, bytes.length);
        } catch (JsonProcessingException e) {
            throw ImportException.fromParse(file, e, ptr, 0);
        } catch (IOException e) {
            throw new ImportException(file, -1, ptr, "cannot read: " + e.getMessage());
        }
    }

    private static Records.JudgeRec row(Path file, long line, String ptr, JsonNode row, String raterId) {
        Fields f = new Fields(file, line);
        String taskKey = f.requiredText(row, "task_id", ptr);
        String model = f.requiredText(row, "model_id", ptr);
        JsonNode judge = f.optionalObject(row, "judge", ptr);
        String jptr = ptr + "/judge";
        String failureMode = null;
        String confidence = null;
        String reasoning = null;
        String raw = null;
        String error = textOf(row.get("error"));
        Map<String, Integer> scores = new LinkedHashMap<>();
        if (judge != null) {
            failureMode = f.optionalText(judge, "failure_mode", jptr);
            confidence = f.optionalText(judge, "confidence", jptr);
            if (confidence != null && !CONFIDENCES.contains(confidence)) {
                throw f.error(
                        jptr + "/confidence",
                        "expected high, medium or low (formats.md section 2), found \"" + confidence + "\"");
            }
            reasoning = f.optionalText(judge, "reasoning", jptr);
            raw = textOf(judge.get("raw_response"));
            if (error == null) {
                error = textOf(judge.get("error"));
            }
            for (String s : SCORES) {
                JsonNode v = judge.get(s);
                if (v == null || v.isNull()) {
                    continue;
                }
                if (!v.isNumber()) {
                    throw f.error(jptr + "/" + s, "expected a score 0-3, found " + Fields.describe(v));
                }
                // a score outside the rubric's scale is refused, never clamped or rounded into it
                double d = v.asDouble();
                if (d != Math.rint(d) || d < 0 || d > 3) {
                    throw f.error(jptr + "/" + s, "expected a whole score from 0 to 3, found " + v.asText());
                }
                scores.put(s, (int) d);
            }
            JsonNode restraint = judge.get("tool_restraint");
            if (restraint != null && !restraint.isNull()) {
                if (!restraint.isBoolean()) {
                    throw f.error(
                            jptr + "/tool_restraint", "expected true or false, found " + Fields.describe(restraint));
                }
                scores.put("tool_restraint", restraint.asBoolean() ? 1 : 0);
            }
        } else if (error == null) {
            throw f.error(jptr, "expected the judge's verdict object (or an 'error'), found nothing");
        }
        if (raw == null) {
            raw = textOf(row.get("raw_response"));
        }
        return new Records.JudgeRec(
                file.getFileName().toString(),
                line,
                ptr,
                model,
                taskKey,
                raterId,
                failureMode,
                confidence,
                scores,
                reasoning,
                raw,
                error,
                Json.contentHash(row));
    }

    private static String textOf(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        return n.isTextual() ? n.asText() : n.toString();
    }
}
