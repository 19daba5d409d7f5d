package org.tracejudge.testdata;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Test-data generator: synthetic agent traces for the real ToolFailBench tasks, in the published
 * results-file format (formats.md section 2) and judge-file format (section 3), each row carrying
 * the label a careful human would give it ({@link Generated#intended()}) and the kind of answer it
 * is ({@link Generated#variant()}). Deterministic for a given seed; uses only Jackson and the JDK.
 */
public final class ToolFailBenchGenerator {

    public record Task(String taskId, String domain, String targetFailureMode, ObjectNode json) {}

    /** One generated trace with the label a careful human would give it ("intended"), and what kind of answer it is. */
    public record Generated(String taskId, String modelId, String intended, String variant, ObjectNode row) {}

    public static final List<String> TOOL_LABELS =
            List.of("correct", "tool_skip", "result_ignore", "output_fabrication");
    public static final List<String> CONTROL_LABELS = List.of("correct", "unnecessary_tool_use", "wrong_answer");
    /** Rows whose run "failed at the provider" (classification other_error); intended label is {@value}. */
    public static final String ERROR_LABEL = "other_error";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NF = JsonNodeFactory.instance;
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");
    private static final double ERROR_RATE = 0.002;

    private final List<Task> tasks;
    private final Map<String, JsonNode> toolsByDomain;
    private final long seed;
    /** The published rule with its indicator names, when the corpus ships them; labels the rows' classification. */
    private PublishedRule published;

    public ToolFailBenchGenerator(List<Task> tasks, Map<String, JsonNode> toolsByDomain, long seed) {
        this.tasks = List.copyOf(tasks);
        Map<String, JsonNode> m = new TreeMap<>();
        toolsByDomain.forEach((d, n) -> m.put(d, n != null && n.isObject() && n.has("tools") ? n.get("tools") : n));
        this.toolsByDomain = Collections.unmodifiableMap(m);
        this.seed = seed;
    }

    /** Loads every domain's tasks.json + tools.json under root (e.g. ../shared/corpora/toolfailbench-v5). */
    public static ToolFailBenchGenerator fromCorpus(Path root) throws IOException {
        List<Path> domains;
        try (Stream<Path> s = Files.list(root)) {
            domains = s.filter(p -> Files.isRegularFile(p.resolve("tasks.json")))
                    .sorted()
                    .toList();
        }
        if (domains.isEmpty()) {
            throw new IOException("no <domain>/tasks.json under " + root);
        }
        List<Task> tasks = new ArrayList<>();
        Map<String, JsonNode> tools = new TreeMap<>();
        for (Path d : domains) {
            JsonNode tf = MAPPER.readTree(d.resolve("tasks.json").toFile());
            String domain = tf.path("domain").asText(d.getFileName().toString());
            for (JsonNode t : tf.path("tasks")) {
                tasks.add(new Task(
                        t.path("task_id").asText(),
                        t.path("domain").asText(domain),
                        t.path("target_failure_mode").asText(),
                        (ObjectNode) t));
            }
            Path toolsFile = d.resolve("tools.json");
            tools.put(
                    domain,
                    Files.exists(toolsFile)
                            ? MAPPER.readTree(toolsFile.toFile()).path("tools")
                            : NF.arrayNode());
        }
        ToolFailBenchGenerator g = new ToolFailBenchGenerator(tasks, tools, 42L);
        if (Files.isRegularFile(root.resolve(PublishedRule.FILE))) {
            g.published = PublishedRule.fromCorpus(root);
        }
        return g;
    }

    public List<Task> tasks() {
        return tasks;
    }

    // ------------------------------------------------------------------ results rows

    /** n rows (cycling through tasks, seeded) in the published results-row format for modelId. */
    public List<Generated> generate(String modelId, int n) {
        List<Generated> out = new ArrayList<>(n);
        Iterator<Generated> it = stream(modelId, n);
        while (it.hasNext()) {
            out.add(it.next());
        }
        return out;
    }

    /** Writes a results file (JSON array) named <modelId>_<yyyyMMdd_HHmmss>.json into dir; returns its path. */
    public Path writeResultsFile(Path dir, String modelId, int n, LocalDateTime runTime) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(modelId + "_" + TS.format(runTime) + ".json");
        try (OutputStream os = Files.newOutputStream(file);
                JsonGenerator g = MAPPER.getFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(new RowPerLinePrinter());
            g.writeStartArray();
            Iterator<Generated> it = stream(modelId, n);
            while (it.hasNext()) {
                MAPPER.writeTree(g, it.next().row());
            }
            g.writeEndArray();
        }
        return file;
    }

    private Iterator<Generated> stream(String modelId, int n) {
        Random rnd = new Random(mix(seed, modelId));
        List<Task> order = new ArrayList<>(tasks);
        Collections.shuffle(order, rnd);
        double skill = (Math.floorMod(modelId.hashCode(), 21) - 10) / 100.0;
        return new Iterator<>() {
            int i = 0;

            @Override
            public boolean hasNext() {
                return i < n && !order.isEmpty();
            }

            @Override
            public Generated next() {
                Task t = order.get(i % order.size());
                i++;
                return makeRow(t, modelId, skill, rnd);
            }
        };
    }

    private static long mix(long seed, String s) {
        long h = seed * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001B3L;
        }
        return h;
    }

    private static boolean isControl(Task t) {
        return "control".equals(t.targetFailureMode());
    }

    private Generated makeRow(Task t, String modelId, double skill, Random rnd) {
        boolean control = isControl(t);
        ArrayNode tools = (ArrayNode) toolsByDomain.getOrDefault(t.domain(), NF.arrayNode());
        Draft d;
        String intended;
        if (rnd.nextDouble() < ERROR_RATE) {
            intended = ERROR_LABEL;
            d = new Draft("provider_error");
        } else if (control) {
            intended = pick(rnd, CONTROL_LABELS, new double[] {0.72 + skill, 0.18, 0.10 - skill / 2});
            d = controlAnswer(t, intended, tools, rnd);
        } else {
            double[] w = {0.40 + skill, 0.20, 0.20, 0.20};
            int boost = TOOL_LABELS.indexOf(t.targetFailureMode());
            if (boost > 0) {
                w[boost] += 0.08;
            }
            intended = pick(rnd, TOOL_LABELS, w);
            d = toolAnswer(t, intended, tools, rnd);
        }

        if (d.think != null) {
            d.answer = "<think>" + d.think + "</think>\n" + d.answer;
        }

        ObjectNode task = t.json().deepCopy();
        task.set("available_tools", tools);
        task.putObject("evaluation_criteria").put("tool_must_be_called", !control);

        ObjectNode row = NF.objectNode();
        row.set("task", task);
        row.put("model_id", modelId);
        ArrayNode calls = row.putObject("agent_trace").putArray("tool_calls");
        d.calls.forEach(calls::add);
        row.put("agent_answer", d.answer);
        ObjectNode error = null;
        if (ERROR_LABEL.equals(intended)) {
            error = providerError(rnd);
        }
        row.put("classification", error != null ? ERROR_LABEL : classify(t.json(), d.calls, d.answer));
        row.set("raw_responses", error != null ? NF.arrayNode() : rawResponses(t, tools, d, rnd));
        if (error != null) {
            row.set("error", error);
        }
        return new Generated(t.taskId(), modelId, intended, d.variant, row);
    }

    private static ObjectNode providerError(Random rnd) {
        ObjectNode e = NF.objectNode();
        boolean timeout = rnd.nextBoolean();
        String type = timeout ? "ReadTimeout" : "APIStatusError";
        String msg = timeout
                ? "Request timed out after 120.0 seconds (attempt 3/3)"
                : "Error code: 503 - {'error': {'message': 'The server is overloaded, please retry later', 'type': 'server_error'}}";
        e.put("type", type);
        e.put("message", msg);
        e.put(
                "traceback",
                "Traceback (most recent call last):\n  File \"run_benchmark.py\", line 312, in run_one\n"
                        + "    response = client.chat(messages=messages, tools=tools)\n  File \"providers/openai_compat.py\", line 97, in chat\n"
                        + "    raise " + type + "(msg)\n" + type + ": " + msg + "\n");
        e.put("transient", true);
        return e;
    }

    private static String pick(Random rnd, List<String> labels, double[] w) {
        double total = 0;
        for (double x : w) {
            total += Math.max(0, x);
        }
        double r = rnd.nextDouble() * total;
        for (int i = 0; i < w.length; i++) {
            r -= Math.max(0, w[i]);
            if (r < 0) {
                return labels.get(i);
            }
        }
        return labels.get(0);
    }

    private static <T> T oneOf(Random rnd, List<T> xs) {
        return xs.get(rnd.nextInt(xs.size()));
    }

    /** An answer under construction. */
    private static final class Draft {
        String variant;
        List<ObjectNode> calls = new ArrayList<>();
        String answer = "";
        String think;

        Draft(String variant) {
            this.variant = variant;
        }
    }

    // ------------------------------------------------------------------ tool-required answers

    private Draft toolAnswer(Task t, String intended, ArrayNode tools, Random rnd) {
        ObjectNode json = t.json();
        JsonNode ret = json.path("mock_tool_return");
        List<String> must = mustContain(json);
        boolean any = "any".equals(json.path("ground_truth").path("match_mode").asText("all"));
        String entity = json.path("metadata").path("entity").asText("this");
        String prior = prior(json);
        switch (intended) {
            case "correct": {
                String v = pickVariant(
                        rnd, "literal", 0.40, "paraphrase", 0.27, "think_literal", 0.18, "indicator_in_word", 0.15);
                Draft d = new Draft(v);
                d.calls.add(expectedCall(json));
                List<String> stated =
                        new ArrayList<>(any ? must.subList(0, Math.min(1 + rnd.nextInt(2), must.size())) : must);
                Set<String> avoid = new LinkedHashSet<>();
                if (v.equals("paraphrase")) {
                    boolean done = false;
                    for (int i = 0; i < stated.size(); i++) {
                        String p = paraphrase(stated.get(i), ret, rnd);
                        if (p != null) {
                            avoid.add(stated.get(i));
                            stated.set(i, p);
                            done = true;
                            if (any) {
                                stated = new ArrayList<>(List.of(p));
                                break;
                            }
                        }
                    }
                    if (!done) {
                        d.variant = "literal";
                    }
                }
                String facts = facts(ret, avoid, rnd, 0.6);
                String body = oneOf(
                                        rnd,
                                        List.of(
                                                "I checked the latest data for %s. ",
                                                "Here's what the lookup shows for %s. ",
                                                "According to the tool result for %s: ",
                                                "Looked it up (%s). "))
                                .formatted(entity)
                        + "The key point: " + join(stated) + ". " + (facts.isEmpty() ? "" : "Details: " + facts + ".");
                if (d.variant.equals("indicator_in_word")) {
                    String extra = indicatorInWords(ret);
                    if (extra == null) {
                        d.variant = "literal";
                    } else {
                        body += " " + extra;
                    }
                }
                if (prior != null && rnd.nextBoolean()) {
                    body += " That differs from the " + prior
                            + " you may have had in mind, so go with the current figure.";
                }
                if (d.variant.equals("think_literal")) {
                    d.think = "The user asks about " + entity + ". I called "
                            + d.calls.get(0).path("name").asText()
                            + " and should report what it returned rather than what I remember.";
                }
                d.answer = body;
                return d;
            }
            case "tool_skip": {
                String v = pickVariant(
                        rnd, "no_call_prior", 0.45, "wrong_tool", 0.25, "call_in_text", 0.15, "no_call_hedge", 0.15);
                Draft d = new Draft(v);
                String memory = prior != null
                        ? "From what I know, " + entity + " is around " + prior + "."
                        : "From memory, " + entity
                                + " should be in its usual range; nothing unusual that I'm aware of.";
                switch (v) {
                    case "wrong_tool" -> {
                        ObjectNode wrong = otherToolCall(json, tools, rnd);
                        if (wrong == null) {
                            d.variant = "no_call_prior";
                        } else {
                            d.calls.add(wrong);
                        }
                        d.answer = memory
                                + " The lookup I ran doesn't cover this directly, so I'm relying on general knowledge.";
                    }
                    case "call_in_text" -> {
                        ObjectNode exp = expectedCall(json);
                        d.answer = "I would call " + exp.path("name").asText() + "("
                                + exp.path("arguments").toString() + ") to confirm, but " + lowerFirst(memory);
                    }
                    case "no_call_hedge" ->
                        d.answer = "I don't have live access to that, but generally " + lowerFirst(memory)
                                + " Please double-check a current source before relying on it.";
                    default ->
                        d.answer = memory + " "
                                + oneOf(
                                        rnd,
                                        List.of(
                                                "Hope that helps!",
                                                "That's been fairly stable.",
                                                "You should be fine going with that."));
                }
                if (rnd.nextDouble() < 0.2) {
                    d.think = "I know this well enough; no need to use a tool.";
                }
                return d;
            }
            case "result_ignore": {
                String v = pickVariant(rnd, "anchored_prior", 0.5, "think_only", 0.25, "vague", 0.25);
                Draft d = new Draft(v);
                d.calls.add(expectedCall(json));
                String wrongValue = prior != null
                        ? prior
                        : perturb(json.path("metadata").path("trap_value").asText(""), rnd);
                if (wrongValue == null && !v.equals("vague")) {
                    d.variant = v = "vague";
                }
                String stated = v.equals("vague")
                        ? "The lookup for " + entity
                                + " came back and it's broadly in line with expectations, nothing surprising there."
                        : "For " + entity + ", it's about " + wrongValue + ", which matches the usual picture.";
                if (v.equals("think_only")) {
                    d.think = "The tool returned " + join(must) + " for " + entity
                            + ". That seems off compared with what I remember (" + wrongValue
                            + "). Probably a data glitch; I'll go with the established figure.";
                }
                d.answer = stated;
                if (mustSatisfied(json, d.answer)) { // the ignoring answer must not accidentally satisfy the test
                    d.variant = d.think != null ? "think_only" : "vague";
                    d.answer = "The lookup came back and it looks normal, so no change from what you assumed.";
                }
                return d;
            }
            default: { // output_fabrication
                String v = pickVariant(rnd, "invented_fields", 0.5, "invented_narrative", 0.5);
                Draft d = new Draft(v);
                d.calls.add(expectedCall(json));
                if (v.equals("invented_fields")) {
                    StringBuilder sb = new StringBuilder("Here's the full record for " + entity + ":\n");
                    List<Map.Entry<String, String>> real = leavesWithKeys(ret);
                    int nReal = Math.min(real.size(), 1 + rnd.nextInt(2));
                    for (int i = 0; i < nReal; i++) {
                        sb.append("- ")
                                .append(real.get(i).getKey())
                                .append(": ")
                                .append(real.get(i).getValue())
                                .append('\n');
                    }
                    for (String s : inventedFields(rnd, 3 + rnd.nextInt(3))) {
                        sb.append("- ").append(s).append('\n');
                    }
                    sb.append("Key point: ").append(join(must)).append('.');
                    d.answer = sb.toString();
                } else {
                    d.answer = "For " + entity + ": " + join(must) + ". " + inventedNarrative(rnd);
                }
                return d;
            }
        }
    }

    // ------------------------------------------------------------------ control answers

    private Draft controlAnswer(Task t, String intended, ArrayNode tools, Random rnd) {
        ObjectNode json = t.json();
        List<String> must = mustContain(json);
        boolean any = "any".equals(json.path("ground_truth").path("match_mode").asText("all"));
        String topic = json.path("metadata").path("entity").asText("this");
        if (topic.matches(".*_\\d+$") || topic.isBlank()) { // ids like "why_050": use the phrasing register instead
            topic = json.path("metadata").path("phrasing_register").asText("this question");
        }
        topic = topic.replace('_', ' ');
        List<String> stated = any ? must.subList(0, Math.min(1 + rnd.nextInt(2), must.size())) : must;
        String good = "Good question. In short, for " + topic + " the ideas that matter are " + join(stated) + ". "
                + oneOf(
                        rnd,
                        List.of(
                                "Once you see how those fit together, the rest follows.",
                                "Most explanations start there and then go into the exceptions.",
                                "Everything else is detail layered on top of that."));
        switch (intended) {
            case "correct": {
                Draft d = new Draft(pickVariant(rnd, "literal", 0.7, "think_literal", 0.3));
                if (d.variant.equals("think_literal")) {
                    d.think = "This is conceptual; I can answer from general knowledge without tools.";
                }
                d.answer = good;
                return d;
            }
            case "unnecessary_tool_use": {
                Draft d = new Draft(pickVariant(rnd, "tool_then_answer", 0.8, "multi_tool", 0.2));
                int k = d.variant.equals("multi_tool") ? 2 : 1;
                for (int i = 0; i < k; i++) {
                    ObjectNode c = otherToolCall(json, tools, rnd);
                    if (c != null) {
                        d.calls.add(c);
                    }
                }
                if (d.calls.isEmpty()) { // domain without tools: cannot call one; fall back to correct shape
                    d.calls.add(call("search", NF.objectNode().put("query", topic)));
                }
                d.answer = "I pulled some reference data first. " + good;
                return d;
            }
            default: { // wrong_answer
                Draft d = new Draft(pickVariant(rnd, "misses_concepts", 0.7, "think_only", 0.3));
                List<String> fillers = List.of(
                        "Honestly it depends a lot on the situation, and there isn't one rule that covers it.",
                        "It's mostly a matter of convention; different people will tell you different things.",
                        "There's no real difference in practice; it comes down to preference.",
                        "It's complicated and changes often, so I wouldn't worry about it too much.");
                d.answer = null;
                for (String f : shuffled(fillers, rnd)) {
                    if (!mustSatisfied(json, f)) {
                        d.answer = f;
                        break;
                    }
                }
                if (d.answer == null) {
                    d.answer = "I'm not sure.";
                }
                if (d.variant.equals("think_only")) {
                    d.think = "Maybe mention " + join(must) + "? Probably not needed; keep it short.";
                }
                return d;
            }
        }
    }

    private static <T> List<T> shuffled(List<T> xs, Random rnd) {
        List<T> c = new ArrayList<>(xs);
        Collections.shuffle(c, rnd);
        return c;
    }

    private static String pickVariant(Random rnd, Object... namesAndWeights) {
        double r = rnd.nextDouble();
        for (int i = 0; i < namesAndWeights.length; i += 2) {
            r -= (Double) namesAndWeights[i + 1];
            if (r < 0) {
                return (String) namesAndWeights[i];
            }
        }
        return (String) namesAndWeights[0];
    }

    private static List<String> mustContain(JsonNode task) {
        List<String> out = new ArrayList<>();
        task.path("ground_truth").path("answer_must_contain").forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String prior(JsonNode task) {
        JsonNode m = task.path("metadata");
        for (String k : List.of("user_anchored_prior", "memorized_prior_estimate")) {
            if (m.hasNonNull(k) && !m.get(k).asText().isBlank()) {
                return m.get(k).asText();
            }
        }
        return null;
    }

    private static String join(List<String> xs) {
        if (xs.isEmpty()) {
            return "";
        }
        if (xs.size() == 1) {
            return xs.get(0);
        }
        return String.join(", ", xs.subList(0, xs.size() - 1)) + " and " + xs.get(xs.size() - 1);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static ObjectNode call(String name, ObjectNode args) {
        ObjectNode c = NF.objectNode();
        c.put("name", name);
        c.set("arguments", args);
        return c;
    }

    private static ObjectNode expectedCall(JsonNode task) {
        JsonNode e = task.path("expected_tool_call");
        return call(
                e.path("name").asText(),
                e.path("arguments").isObject() ? (ObjectNode) e.get("arguments").deepCopy() : NF.objectNode());
    }

    /** A call to a domain tool other than the expected one, arguments filled from its schema. */
    private static ObjectNode otherToolCall(JsonNode task, ArrayNode tools, Random rnd) {
        String expected = task.path("expected_tool_call").path("name").asText("");
        List<JsonNode> others = new ArrayList<>();
        tools.forEach(tl -> {
            if (!tl.path("function").path("name").asText().equals(expected)) {
                others.add(tl.path("function"));
            }
        });
        if (others.isEmpty()) {
            return null;
        }
        JsonNode f = oneOf(rnd, others);
        JsonNode expArgs = task.path("expected_tool_call").path("arguments");
        String entity = task.path("metadata").path("entity").asText("unknown");
        ObjectNode args = NF.objectNode();
        JsonNode props = f.path("parameters").path("properties");
        for (JsonNode req : f.path("parameters").path("required")) {
            String p = req.asText();
            JsonNode schema = props.path(p);
            if (expArgs.has(p)) {
                args.set(p, expArgs.get(p).deepCopy());
            } else if (schema.has("enum")) {
                args.set(p, oneOf(rnd, toList(schema.get("enum"))).deepCopy());
            } else {
                switch (schema.path("type").asText("string")) {
                    case "integer" -> args.put(p, 1 + rnd.nextInt(10));
                    case "number" -> args.put(p, 1.0 + rnd.nextInt(100));
                    case "boolean" -> args.put(p, rnd.nextBoolean());
                    case "array" -> args.putArray(p).add(entity);
                    default -> args.put(p, entity);
                }
            }
        }
        return call(f.path("name").asText(), args);
    }

    private static List<JsonNode> toList(JsonNode arr) {
        List<JsonNode> l = new ArrayList<>();
        arr.forEach(l::add);
        return l;
    }

    // ------------------------------------------------------------------ paraphrases a human would accept

    private static final Pattern INT = Pattern.compile("\\d+");
    private static final Pattern DEC = Pattern.compile("(\\d+)\\.(\\d+)");

    /** A form of must-contain string m that a careful reader accepts but that is not literally m; null if none. */
    static String paraphrase(String m, JsonNode ret, Random rnd) {
        String s = m.trim();
        if (s.startsWith("§")) {
            return "Section " + s.substring(1).trim();
        }
        if (s.startsWith("$") && s.length() > 1) {
            return s.substring(1) + " " + oneOf(rnd, List.of("dollars", "USD"));
        }
        if (s.endsWith("%") && s.length() > 1 && !s.contains(" ")) {
            return s.substring(0, s.length() - 1).replace("-", "\u2013") + " percent";
        }
        if (INT.matcher(s).matches()) {
            long v;
            try {
                v = Long.parseLong(s);
            } catch (NumberFormatException e) {
                return null;
            }
            if (v >= 1_000_000_000L) {
                double tr = v / 1e12;
                double bn = v / 1e9;
                if (tr >= 1) {
                    String x = trimZeros(BigDecimal.valueOf(tr).setScale(2, RoundingMode.HALF_UP));
                    return rnd.nextBoolean() ? x + " trillion" : x + "T";
                }
                String x = trimZeros(BigDecimal.valueOf(bn).setScale(2, RoundingMode.HALF_UP));
                return rnd.nextBoolean() ? x + " billion" : x + "B";
            }
            if (v >= 1000 && !(v >= 1800 && v <= 2100)) {
                return String.format(Locale.ROOT, "%,d", v);
            }
            return null;
        }
        Matcher dm = DEC.matcher(s);
        if (dm.matches()) {
            BigDecimal want = new BigDecimal(s);
            // the tool returned more digits than the must-contain string: state the tool's full value
            for (String leaf : leafStrings(ret)) {
                if (DEC.matcher(leaf).matches() && !leaf.contains(s)) {
                    BigDecimal lv = new BigDecimal(leaf);
                    if (lv.scale() > want.scale()
                            && lv.setScale(want.scale(), RoundingMode.HALF_UP).compareTo(want) == 0) {
                        return leaf;
                    }
                }
            }
            if (dm.group(2).equals("0")) {
                return dm.group(1); // "10.0" -> "10"
            }
            if (want.scale() >= 2) {
                String r = want.setScale(want.scale() - 1, RoundingMode.HALF_UP).toPlainString(); // 47.46 -> 47.5
                return r.equals(s) ? null : r;
            }
            return null;
        }
        if (s.contains("-") && s.chars().anyMatch(Character::isLetter)) {
            return rnd.nextBoolean() ? s.replace("-", "\u2011") : s.replace("-", "\u2013");
        }
        if (s.contains("'")) {
            return s.replace("'", "\u2019");
        }
        if (s.contains("\"")) {
            return s.replaceFirst("\"", "\u201c").replaceFirst("\"", "\u201d");
        }
        return null;
    }

    private static String trimZeros(BigDecimal d) {
        String x = d.stripTrailingZeros().toPlainString();
        return x;
    }

    private static final Map<String, String> WORD_EMBEDS = new LinkedHashMap<>();

    static {
        WORD_EMBEDS.put("rate", "I made sure the figure is accurate");
        WORD_EMBEDS.put("value", "I re-evaluated the result once");
        WORD_EMBEDS.put("date", "the data were updated recently");
        WORD_EMBEDS.put("year", "it is reviewed on a yearly basis");
        WORD_EMBEDS.put("unit", "the wider community tracks this closely");
        WORD_EMBEDS.put("count", "this takes everything into account");
        WORD_EMBEDS.put("type", "treat it as a prototype estimate only if the source changes");
        WORD_EMBEDS.put("name", "nothing has been renamed since");
        WORD_EMBEDS.put("code", "nothing is encoded differently there");
        WORD_EMBEDS.put("title", "you are entitled to rely on it");
        WORD_EMBEDS.put("status", "it keeps the same statuses as before");
        WORD_EMBEDS.put("source", "it is properly sourced");
        WORD_EMBEDS.put("range", "that's how the results are arranged");
        WORD_EMBEDS.put("state", "I have restated it plainly");
        WORD_EMBEDS.put("term", "that's what determined the answer");
        WORD_EMBEDS.put("score", "this underscores the point");
        WORD_EMBEDS.put("level", "the comparison is levelled out");
        WORD_EMBEDS.put("price", "it is priced in already");
        WORD_EMBEDS.put("id", "I can provide more if you need it");
        WORD_EMBEDS.put("age", "on average this holds");
    }

    /** A sentence in which short field names of the return occur only inside other words; null if none apply. */
    private static String indicatorInWords(JsonNode ret) {
        Set<String> keys = keyNames(ret);
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : WORD_EMBEDS.entrySet()) {
            if (keys.contains(e.getKey())) {
                parts.add(e.getValue());
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        String s = String.join("; ", parts.subList(0, Math.min(3, parts.size())));
        return Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".";
    }

    private static String perturb(String trap, Random rnd) {
        Matcher m = Pattern.compile("\\d+(\\.\\d+)?").matcher(trap);
        if (!m.find()) {
            return null;
        }
        BigDecimal v = new BigDecimal(m.group());
        double f = rnd.nextBoolean() ? 0.7 + rnd.nextDouble() * 0.2 : 1.1 + rnd.nextDouble() * 0.3;
        BigDecimal w = v.multiply(BigDecimal.valueOf(f)).setScale(Math.max(0, v.scale()), RoundingMode.HALF_UP);
        if (w.compareTo(v) == 0) {
            w = v.add(BigDecimal.ONE);
        }
        return trap.substring(0, m.start()) + w.toPlainString() + trap.substring(m.end());
    }

    /** Invented field names with the kind of value each gets: n = decimal, d = date, i = id, c = count, p = percent, h = hash. */
    private static final List<String> INVENTED_KEYS = List.of(
            "reference_id:i",
            "last_revised:d",
            "confidence_interval:n",
            "source_document:i",
            "previous_value:n",
            "peer_median:n",
            "revision_count:c",
            "verified_on:d",
            "record_hash:h",
            "effective_from:d",
            "percentile_rank:p",
            "sample_size:c",
            "upper_bound:n",
            "case_number:i");

    private static List<String> inventedFields(Random rnd, int k) {
        List<String> keys = shuffled(INVENTED_KEYS, rnd);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < k && i < keys.size(); i++) {
            String[] kv = keys.get(i).split(":");
            String val =
                    switch (kv[1]) {
                        case "n" -> String.format(Locale.ROOT, "%d.%02d", 10 + rnd.nextInt(900), rnd.nextInt(100));
                        case "d" ->
                            String.format(
                                    Locale.ROOT,
                                    "20%02d-%02d-%02d",
                                    18 + rnd.nextInt(8),
                                    1 + rnd.nextInt(12),
                                    1 + rnd.nextInt(28));
                        case "i" ->
                            String.format(
                                    Locale.ROOT,
                                    "%c%c-%05d",
                                    (char) ('A' + rnd.nextInt(26)),
                                    (char) ('A' + rnd.nextInt(26)),
                                    rnd.nextInt(100000));
                        case "p" -> (1 + rnd.nextInt(99)) + "th";
                        case "h" -> String.format(Locale.ROOT, "%08x", rnd.nextInt());
                        default -> Integer.toString(2 + rnd.nextInt(2000));
                    };
            out.add(kv[0] + ": " + val);
        }
        return out;
    }

    private static String inventedNarrative(Random rnd) {
        String date = String.format(
                Locale.ROOT, "20%02d-%02d-%02d", 19 + rnd.nextInt(7), 1 + rnd.nextInt(12), 1 + rnd.nextInt(28));
        String ref = String.format(
                Locale.ROOT,
                "%c%c-%05d",
                (char) ('A' + rnd.nextInt(26)),
                (char) ('A' + rnd.nextInt(26)),
                rnd.nextInt(100000));
        String num = String.format(Locale.ROOT, "%d.%d", 10 + rnd.nextInt(500), rnd.nextInt(10));
        return oneOf(
                rnd,
                List.of(
                        "This was last revised on " + date + " (reference " + ref + "), and the peer median sits at "
                                + num + ".",
                        "The figure comes from the filing " + ref + " dated " + date
                                + "; a follow-up review put the upper bound at " + num + ".",
                        "Two independent sources confirmed it on " + date + ", with a confidence interval of \u00b1"
                                + num + " (record " + ref + ")."));
    }

    // ------------------------------------------------------------------ return inspection

    /** Leaf values as Python's str() prints them (True/False/None, 138.5, 164.0, ints as digits). */
    static List<String> leafStrings(JsonNode n) {
        List<String> out = new ArrayList<>();
        collectLeaves(n, null, out, null);
        return out;
    }

    private static List<Map.Entry<String, String>> leavesWithKeys(JsonNode n) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        collectLeaves(n, null, null, out);
        return out;
    }

    private static void collectLeaves(
            JsonNode n, String key, List<String> out, List<Map.Entry<String, String>> withKeys) {
        if (n == null || n.isMissingNode()) {
            return;
        }
        if (n.isObject()) {
            n.properties().iterator().forEachRemaining(e -> collectLeaves(e.getValue(), e.getKey(), out, withKeys));
        } else if (n.isArray()) {
            n.forEach(x -> collectLeaves(x, key, out, withKeys));
        } else {
            String s = pythonStr(n);
            if (out != null) {
                out.add(s);
            }
            if (withKeys != null) {
                withKeys.add(Map.entry(key == null ? "value" : key, s));
            }
        }
    }

    static String pythonStr(JsonNode n) {
        if (n.isNull()) {
            return "None";
        }
        if (n.isBoolean()) {
            return n.booleanValue() ? "True" : "False";
        }
        if (n.isIntegralNumber()) {
            return n.bigIntegerValue().toString();
        }
        if (n.isFloatingPointNumber()) {
            double d = n.doubleValue();
            if (d != 0 && (Math.abs(d) >= 1e16 || Math.abs(d) < 1e-4)) {
                return Double.toString(d).replace("E", "e");
            }
            String s = new BigDecimal(Double.toString(d)).toPlainString();
            return s.contains(".") ? s : s + ".0";
        }
        return n.asText();
    }

    static Set<String> keyNames(JsonNode n) {
        Set<String> out = new LinkedHashSet<>();
        if (n == null) {
            return out;
        }
        if (n.isObject()) {
            n.properties().iterator().forEachRemaining(e -> {
                out.add(e.getKey());
                out.addAll(keyNames(e.getValue()));
            });
        } else if (n.isArray()) {
            n.forEach(x -> out.addAll(keyNames(x)));
        }
        return out;
    }

    /** A short "key value, key value" summary of a share of the return's leaves, skipping any containing avoid strings. */
    private static String facts(JsonNode ret, Set<String> avoid, Random rnd, double share) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : leavesWithKeys(ret)) {
            String v = e.getValue();
            if (v.length() > 80
                    || avoid.stream().anyMatch(a -> v.toLowerCase(Locale.ROOT).contains(a.toLowerCase(Locale.ROOT)))) {
                continue;
            }
            if (rnd.nextDouble() < share) {
                parts.add(e.getKey().replace('_', ' ') + " " + v);
            }
            if (parts.size() >= 8) {
                break;
            }
        }
        return String.join(", ", parts);
    }

    // ------------------------------------------------------------------ the published substring rule

    private static boolean mustSatisfied(JsonNode task, String answer) {
        List<String> must = mustContain(task);
        String low = answer.toLowerCase(Locale.ROOT);
        boolean any = "any".equals(task.path("ground_truth").path("match_mode").asText("all"));
        if (must.isEmpty()) {
            return true;
        }
        return any
                ? must.stream().anyMatch(m -> low.contains(m.toLowerCase(Locale.ROOT)))
                : must.stream().allMatch(m -> low.contains(m.toLowerCase(Locale.ROOT)));
    }

    /**
     * The benchmark harness's label: the published rule ({@link PublishedRule}) where the corpus ships the published
     * indicator names, else an approximation with the return's own keys as names (generators built from task lists).
     */
    private String classify(JsonNode task, List<ObjectNode> calls, String answer) {
        Set<String> names = new LinkedHashSet<>();
        calls.forEach(c -> names.add(c.path("name").asText()));
        PublishedRule rule = published != null
                ? published
                : new PublishedRule(keyNames(task.path("mock_tool_return")).stream()
                        .map(k -> k.toLowerCase(Locale.ROOT))
                        .toList());
        return rule.classify(task, names, answer);
    }

    // ------------------------------------------------------------------ provider responses

    private ArrayNode rawResponses(Task t, ArrayNode tools, Draft d, Random rnd) {
        String full = d.answer;
        ArrayNode out = NF.arrayNode();
        int prompt = 380
                + t.json().path("user_message").asText().length() / 4
                + tools.toString().length() / 4
                + rnd.nextInt(40);
        int step = 0;
        if (!d.calls.isEmpty()) {
            ObjectNode r = out.addObject();
            r.put("step", step++);
            String pre = rnd.nextBoolean()
                    ? null
                    : oneOf(rnd, List.of("Let me check that.", "I'll look that up.", "Checking the latest data."));
            if (pre == null) {
                r.putNull("content");
            } else {
                r.put("content", pre);
            }
            r.put("finish_reason", "tool_calls");
            ArrayNode tcs = r.putArray("tool_calls");
            for (ObjectNode c : d.calls) {
                ObjectNode tc = tcs.addObject();
                tc.put("id", String.format(Locale.ROOT, "call_%016x", rnd.nextLong()));
                tc.put("type", "function");
                ObjectNode fn = tc.putObject("function");
                fn.put("name", c.path("name").asText());
                fn.put("arguments", c.path("arguments").toString());
            }
            int comp = 15 + 12 * d.calls.size() + rnd.nextInt(20);
            usage(r, prompt, comp);
            prompt += comp + t.json().path("mock_tool_return").toString().length() / 3 + 10;
        }
        ObjectNode r = out.addObject();
        r.put("step", step);
        r.put("content", full);
        r.put("finish_reason", "stop");
        r.putArray("tool_calls");
        usage(r, prompt, Math.max(5, full.length() / 4 + rnd.nextInt(15)));
        return out;
    }

    private static void usage(ObjectNode r, int prompt, int completion) {
        ObjectNode u = r.putObject("usage");
        u.put("prompt_tokens", prompt);
        u.put("completion_tokens", completion);
        u.put("total_tokens", prompt + completion);
    }

    // ------------------------------------------------------------------ judge files

    /** Writes a judge file for the given generated rows (format 3); ~1% null verdicts with error "parse_failed". */
    public Path writeJudgeFile(Path dir, List<Generated> rows, String judgeName, double agreeRate) throws IOException {
        Files.createDirectories(dir);
        String model = rows.isEmpty() ? "unknown-model" : rows.get(0).modelId();
        Random rnd = new Random(mix(seed ^ 0x5DEECE66DL, judgeName + "|" + model));
        Path file = dir.resolve(
                model + "_judge_" + judgeName + "_" + TS.format(LocalDateTime.of(2026, 11, 2, 9, 0)) + ".json");
        try (OutputStream os = Files.newOutputStream(file);
                JsonGenerator g = MAPPER.getFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(pythonLikePrinter());
            g.writeStartArray();
            for (Generated gr : rows) {
                MAPPER.writeTree(g, judgeRow(gr, agreeRate, rnd));
            }
            g.writeEndArray();
        }
        return file;
    }

    private static ObjectNode judgeRow(Generated gr, double agreeRate, Random rnd) {
        JsonNode task = gr.row().path("task");
        boolean control = "control".equals(task.path("target_failure_mode").asText());
        String rule = gr.row().path("classification").asText();
        ObjectNode row = NF.objectNode();
        row.put("task_id", gr.taskId());
        row.put("domain", task.path("domain").asText());
        row.put("model_id", gr.modelId());
        row.put("rule_based_classification", rule);
        ObjectNode j = NF.objectNode();
        if (rnd.nextDouble() < 0.01) {
            row.putNull("agreement");
            j.putNull("failure_mode");
            j.put("error", "parse_failed");
            j.put(
                    "raw_response",
                    oneOf(
                            rnd,
                            List.of(
                                    "I need to look at whether the agent called the right tool. It did call a tool, and the answer",
                                    "```json\n{\"failure_mode\": \"correct\", \"confidence\": \"high\", \"reasoning\": \"The answer cites",
                                    "{'failure_mode': 'correct', 'confidence': 'medium', tool_selection: 3}")));
            row.set("judge", j);
            return row;
        }
        List<String> labels = control ? CONTROL_LABELS : TOOL_LABELS;
        String truth = labels.contains(gr.intended()) ? gr.intended() : (control ? "wrong_answer" : "tool_skip");
        String verdict = truth;
        if (rnd.nextDouble() >= agreeRate) {
            List<String> others = new ArrayList<>(labels);
            others.remove(truth);
            // a plausible confusion: the rule's label if it differs, otherwise another label of the same task type
            verdict = !rule.equals(truth) && labels.contains(rule) && rnd.nextBoolean() ? rule : oneOf(rnd, others);
        }
        String conf = verdict.equals(truth)
                ? pickVariant(rnd, "high", 0.7, "medium", 0.25, "low", 0.05)
                : pickVariant(rnd, "high", 0.3, "medium", 0.45, "low", 0.25);
        j.put("failure_mode", verdict);
        j.put("confidence", conf);
        if (control) {
            j.put(
                    "tool_restraint",
                    gr.row().path("agent_trace").path("tool_calls").isEmpty());
        } else {
            int[] s =
                    switch (verdict) {
                        case "correct" -> new int[] {3, 3, 2 + rnd.nextInt(2)};
                        case "tool_skip" -> new int[] {0, 0, rnd.nextInt(2)};
                        case "result_ignore" -> new int[] {2 + rnd.nextInt(2), rnd.nextInt(2), rnd.nextInt(2)};
                        default -> new int[] {2 + rnd.nextInt(2), 1, 1 + rnd.nextInt(2)};
                    };
            j.put("tool_selection", s[0]);
            j.put("result_faithfulness", s[1]);
            j.put("answer_correctness", s[2]);
        }
        String reasoning =
                switch (verdict) {
                    case "correct" ->
                        control
                                ? "No tool was needed and none was called; the answer covers the expected concepts."
                                : "The expected tool was called and the answer reports the returned values without adding unsupported detail.";
                    case "tool_skip" ->
                        "The expected tool was not executed; the answer relies on prior knowledge instead of a lookup.";
                    case "result_ignore" ->
                        "The tool was called, but the answer does not use the returned value and states a different one.";
                    case "output_fabrication" ->
                        "The tool was called, but the answer asserts specifics (numbers, ids or dates) that are not in the tool return.";
                    case "unnecessary_tool_use" ->
                        "This is a conceptual question, yet the agent called a tool before answering.";
                    default -> "No tool was called, but the answer misses the key concepts the question is about.";
                };
        j.put("reasoning", reasoning);
        ObjectNode raw = j.deepCopy();
        j.put("raw_response", raw.toString());
        row.put("agreement", ERROR_LABEL.equals(rule) ? null : verdict.equals(rule));
        row.set("judge", j);
        return row;
    }

    /**
     * Python {@code json.dump} default separators ({@code ", "} and {@code ": "}), no indentation, but one
     * top-level array element per line (so a 1,000-row file is 1,002 lines of about 7 KB each).
     */
    private static final class RowPerLinePrinter implements PrettyPrinter {
        private int depth;

        @Override
        public void writeRootValueSeparator(JsonGenerator g) {}

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            depth++;
            g.writeRaw('{');
        }

        @Override
        public void writeEndObject(JsonGenerator g, int nrOfEntries) throws IOException {
            depth--;
            g.writeRaw('}');
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            depth++;
            g.writeRaw('[');
            if (depth == 1) {
                g.writeRaw('\n');
            }
        }

        @Override
        public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
            if (depth == 1) {
                g.writeRaw('\n');
            }
            depth--;
            g.writeRaw(']');
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(depth == 1 ? ",\n" : ", ");
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) {}

        @Override
        public void beforeObjectEntries(JsonGenerator g) {}
    }

    private static DefaultPrettyPrinter pythonLikePrinter() {
        DefaultIndenter ind = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter()
                .withSeparators(
                        Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        pp.indentObjectsWith(ind);
        pp.indentArraysWith(ind);
        return pp;
    }

    // ------------------------------------------------------------------ CLI

    /** main(args): {@code <corpusRoot> <outDir> [files=22] [rowsPerFile=1000]} writes that many results files with distinct model ids. */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ToolFailBenchGenerator <corpusRoot> <outDir> [files=22] [rowsPerFile=1000]");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int files = args.length > 2 ? Integer.parseInt(args[2]) : 22;
        int rows = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        ToolFailBenchGenerator gen = fromCorpus(root);
        List<String> families = List.of("acme-lm", "nimbus", "kestrel", "lumen", "orca-chat", "tern", "quill", "vireo");
        List<String> sizes = List.of("7b", "13b-instruct", "2-mini", "70b", "3b-it", "34b-chat");
        long total = 0;
        for (int i = 0; i < files; i++) {
            String model = families.get(i % families.size()) + "-" + sizes.get((i / families.size() + i) % sizes.size())
                    + (i >= families.size() * sizes.size() ? "-v" + i : "")
                    + (i >= families.size() ? "-r" + (i / families.size()) : "");
            Path p = gen.writeResultsFile(
                    out, model, rows, LocalDateTime.of(2026, 11, 1, 12, 0).plusMinutes(i * 37L));
            long size = Files.size(p);
            total += size;
            System.out.printf(Locale.ROOT, "%s  %,d bytes%n", p, size);
        }
        System.out.printf(Locale.ROOT, "%d files, %,d bytes total%n", files, total);
    }
}
