package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.tracejudge.json.Json;
import org.tracejudge.model.ToolResult;

/**
 * The SDK captures of {@code src/test/resources/sdk-captures} (see its README) and what each of their four runs
 * must read as: the user message, the calls (name and arguments) in order, their results, the answer.
 */
final class SdkCaptures {
    private SdkCaptures() {}

    record Expected(String name, String user, List<String> calls, List<String> results, String answer) {}

    private static String args(String city) {
        return "{\"city\":\"" + city + "\"}";
    }

    private static String weather(String city, int temp, String sky) {
        return "{\"city\":\"" + city + "\",\"temp_c\":" + temp + ",\"sky\":\"" + sky + "\"}";
    }

    static final List<Expected> RUNS = List.of(
            new Expected(
                    "one-call",
                    "What is the weather in Paris?",
                    List.of(args("Paris")),
                    List.of(weather("Paris", 18, "cloudy")),
                    "It is 18°C and cloudy in Paris."),
            new Expected(
                    "two-in-sequence",
                    "Is it warmer in Oslo or in Rome?",
                    List.of(args("Oslo"), args("Rome")),
                    List.of(weather("Oslo", 9, "cloudy"), weather("Rome", 24, "sunny")),
                    "Rome is warmer: 24°C against 9°C in Oslo."),
            new Expected(
                    "contradicts-tool",
                    "What is the weather in Cairo?",
                    List.of(args("Cairo")),
                    List.of(weather("Cairo", 35, "sunny")),
                    "It is 5°C and snowing in Cairo."),
            new Expected(
                    "parallel-streamed",
                    "What is the weather in Berlin and in Madrid?",
                    List.of(args("Berlin"), args("Madrid")),
                    List.of(weather("Berlin", 12, "rainy"), weather("Madrid", 27, "sunny")),
                    "Berlin is 12°C and rainy; Madrid is 27°C and sunny."));

    /** The request bodies of one SDK's capture, in the order they were sent (their .meta.json left out). */
    static List<Path> bodies(String sdk) {
        try {
            Path dir = Path.of(
                    SdkCaptures.class.getResource("/sdk-captures/" + sdk).toURI());
            try (Stream<Path> s = Files.list(dir)) {
                return s.filter(p -> !p.getFileName().toString().endsWith(".meta.json"))
                        .sorted()
                        .toList();
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What is wrong with a run as read ("" when it is right): trace, user message, calls, results, answer. */
    static String check(AgentCorpus.Run run, Expected e) {
        List<String> wrong = new ArrayList<>();
        if (!e.user()
                .equals(run.userMessage() == null ? null : run.userMessage().strip())) {
            wrong.add("user " + run.userMessage());
        }
        List<String> calls = new ArrayList<>();
        for (JsonNode c : run.calls()) {
            JsonNode a = c.get("arguments");
            JsonNode parsed = a != null && a.isTextual() ? Json.read(a.asText()) : a;
            calls.add(c.path("name").asText() + " " + parsed);
        }
        List<String> want =
                e.calls().stream().map(a -> "get_weather " + Json.read(a)).toList();
        if (!calls.equals(want)) {
            wrong.add("calls " + calls);
        }
        List<String> results = new ArrayList<>();
        run.turns().forEach(t -> {
            for (ToolResult r : t.toolResults()) {
                JsonNode content = r.content();
                JsonNode parsed = content != null && content.isTextual() ? tryJson(content.asText()) : content;
                results.add(String.valueOf(parsed));
            }
        });
        List<String> wantResults =
                e.results().stream().map(r -> Json.read(r).toString()).toList();
        if (!results.equals(wantResults)) {
            wrong.add("results " + results);
        }
        if (!e.answer().equals(run.answer())) {
            wrong.add("answer " + run.answer());
        }
        return String.join("; ", wrong);
    }

    private static JsonNode tryJson(String s) {
        try {
            return Json.read(s);
        } catch (RuntimeException e) {
            return Json.MAPPER.getNodeFactory().textNode(s);
        }
    }

    /** "runs right / runs sent" over the four runs, with what is wrong with each run that is not right. */
    static List<String> verdicts(List<AgentCorpus.Run> runs) {
        List<String> out = new ArrayList<>();
        for (Expected e : RUNS) {
            List<AgentCorpus.Run> mine = runs.stream()
                    .filter(r ->
                            r.userMessage() != null && r.userMessage().strip().equals(e.user()))
                    .toList();
            if (mine.size() != 1) {
                out.add(e.name() + ": " + mine.size() + " runs with its user message (of " + runs.size() + ")");
            } else {
                String w = check(mine.get(0), e);
                if (!w.isEmpty()) {
                    out.add(e.name() + ": " + w);
                }
            }
        }
        return out;
    }
}
