package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.tracejudge.json.Json;
import org.tracejudge.model.Role;

/**
 * Reads UK AISI Inspect eval logs: a {@code .json} EvalLog, or a {@code .eval} zip ({@code header.json} or, while a
 * run is live, {@code _journal/start.json}, plus one {@code samples/<id>_epoch_<n>.json} per sample, read one at a
 * time). Each sample × epoch is a run; its messages are the steps (tool results paired by {@code tool_call_id}, tool
 * {@code error}s kept), the sample's scores become labels of raters named after the scorers. Version 3 logs are
 * resolved: {@code attachment://<hash>} strings from {@code sample.attachments}, and a sample without messages is
 * rebuilt from its last model event, whose {@code input_refs} point into {@code sample.message_pool}.
 *
 * <p>A {@code .eval} zip is read with limits: at most {@link #MAX_ENTRIES} entries, {@link #MAX_ENTRY} bytes
 * expanded per entry and {@link #MAX_TOTAL} in all (counted while inflating, not taken from the headers), and no
 * string longer than {@link #maxString(long)} characters (refused by the parser as the string grows, before it is
 * built: a small zip can hold one string of hundreds of megabytes). Each entry name is there once (a zip with two
 * entries of one name reads differently in different tools), and each entry's bytes, stored or deflated, must match
 * the CRC-32 its header gives (Java's {@code ZipFile} does not check it).
 */
final class InspectReader {
    static final int MAX_ENTRIES = 100_000;
    static final long MAX_ENTRY = 512L << 20;
    static final long MAX_TOTAL = 4L << 30;
    /** Of the heap, the most one string may take in characters: it costs about 6 bytes a character to build. */
    static final int STRING_HEAP_SHARE = 16;

    private static final Pattern SAMPLE = Pattern.compile("samples/(.+)_epoch_(\\d+)\\.json");
    private static final String ATTACHMENT = "attachment://";

    private final Path file;
    private final int maxEntries;
    private final long maxEntry;
    private final long maxTotal;
    private final int maxString;
    private final com.fasterxml.jackson.core.JsonFactory json;
    private long expanded;
    private final Map<AgentRun.TaskKey, Records.TaskRec> taskCache = new java.util.HashMap<>();
    private final Map<String, String> keyCache = new java.util.HashMap<>();

    InspectReader(Path file) {
        this(file, MAX_ENTRIES, MAX_ENTRY, MAX_TOTAL, maxString(freeHeap()));
    }

    /** With other limits (tests). */
    InspectReader(Path file, int maxEntries, long maxEntry, long maxTotal) {
        this(file, maxEntries, maxEntry, maxTotal, maxString(freeHeap()));
    }

    /** With other limits, also on strings (tests). */
    InspectReader(Path file, int maxEntries, long maxEntry, long maxTotal, int maxString) {
        this.file = file;
        this.maxEntries = maxEntries;
        this.maxEntry = maxEntry;
        this.maxTotal = maxTotal;
        this.maxString = maxString;
        this.json = StrictJson.withMaxString(maxString);
    }

    /**
     * The longest string a .eval entry may hold with {@code maxHeap} bytes of heap free: a sixteenth of it in characters
     * (64 M with -Xmx1g: building one takes about 6 bytes a character, its parts, the whole and the string), at most
     * what every other reader allows.
     */
    static int maxString(long maxHeap) {
        return (int)
                Math.min(StrictJson.FACTORY.streamReadConstraints().getMaxStringLength(), maxHeap / STRING_HEAP_SHARE);
    }

    /**
     * What the heap can still give: its maximum less what is in use now. A string is bounded by this, not by the
     * maximum, so an import beside a large open project (or beside other work in one JVM) is refused in words
     * rather than running out of memory while the string grows.
     */
    static long freeHeap() {
        Runtime r = Runtime.getRuntime();
        return Math.max(0, r.maxMemory() - (r.totalMemory() - r.freeMemory()));
    }

    static boolean isZip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] h = in.readNBytes(4);
            return h.length == 4 && h[0] == 'P' && h[1] == 'K' && h[2] == 3 && h[3] == 4;
        } catch (IOException e) {
            return false;
        }
    }

    /** A zip whose first entry (local header) is one an Inspect .eval log starts with; works on a truncated file too. */
    static boolean isEvalZip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] h = in.readNBytes(30 + 256);
            if (h.length < 30) {
                return false;
            }
            int n = (h[26] & 0xff) | (h[27] & 0xff) << 8;
            String name = new String(h, 30, Math.min(n, h.length - 30), StandardCharsets.UTF_8);
            return name.startsWith("_journal/")
                    || name.equals("header.json")
                    || name.startsWith("samples/")
                    || name.equals("summaries.json")
                    || name.equals("reductions.json");
        } catch (IOException e) {
            return false;
        }
    }

    void readZip(Consumer<Records.Rec> out) {
        ZipFile zip;
        try {
            zip = new ZipFile(file.toFile());
        } catch (ZipException e) {
            throw new ImportException(
                    file,
                    -1,
                    null,
                    "not a readable .eval zip (" + e.getMessage() + "): the file is "
                            + "truncated or damaged; expected a whole Inspect .eval log");
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
        try (zip) {
            if (zip.size() > maxEntries) {
                throw new ImportException(
                        file,
                        -1,
                        null,
                        "the zip has " + zip.size() + " entries; at most " + maxEntries
                                + " are read (expected an Inspect .eval log)");
            }
            refuseDuplicateNames(zip);
            ZipEntry headerEntry = zip.getEntry("header.json");
            String headerName = "header.json";
            if (headerEntry == null) {
                headerEntry = zip.getEntry("_journal/start.json");
                headerName = "_journal/start.json";
            }
            if (headerEntry == null) {
                throw new ImportException(
                        file,
                        -1,
                        "header.json",
                        "expected header.json (or _journal/start.json while " + "the run is live), found neither");
            }
            JsonNode header = entry(zip, headerEntry);
            List<ZipEntry> samples = new ArrayList<>();
            for (Iterator<? extends ZipEntry> it = zip.entries().asIterator(); it.hasNext(); ) {
                ZipEntry e = it.next();
                if (SAMPLE.matcher(e.getName()).matches()) {
                    samples.add(e);
                }
            }
            samples.sort((a, b) -> a.getName().compareTo(b.getName()));
            Fields hf = new Fields(file, -1);
            JsonNode eval = hf.requiredObject(header, "eval", headerName);
            AgentRunSkips skips = new AgentRunSkips();
            for (ZipEntry e : samples) {
                JsonNode sample = entry(zip, e);
                sample(header, eval, sample, e.getName(), out, skips);
            }
            skips.emit(out, header);
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read the zip: " + e.getMessage());
        }
    }

    /**
     * Refuses a zip whose central directory names one entry twice: {@code ZipFile} would hand the same one out for
     * both (a sample read twice), and other tools may read the other one.
     */
    private void refuseDuplicateNames(ZipFile zip) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Iterator<? extends ZipEntry> it = zip.entries().asIterator(); it.hasNext(); ) {
            String name = it.next().getName();
            if (!names.add(name)) {
                throw new ImportException(
                        file,
                        -1,
                        name,
                        "the zip holds more than one entry of this name; an Inspect .eval log has each entry once "
                                + "(tools disagree on which one to read). Nothing was imported");
            }
        }
    }

    /**
     * One zip entry as JSON, parsed as it inflates (no copy of the entry in memory) with the limits counted as it
     * goes, not taken from the zip's headers; then its CRC-32 checked against the header's.
     */
    private JsonNode entry(ZipFile zip, ZipEntry e) throws IOException {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        try (InputStream in =
                new Capped(new java.util.zip.CheckedInputStream(zip.getInputStream(e), crc), e.getName())) {
            JsonNode n;
            try {
                n = StrictJson.readTree(in, json);
            } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException sc) {
                if (!String.valueOf(sc.getOriginalMessage()).startsWith("String value length")) {
                    throw sc;
                }
                throw new ImportException(
                        file,
                        -1,
                        e.getName(),
                        "holds a string longer than " + maxString + " characters, the limit with this Java heap of "
                                + (Runtime.getRuntime().maxMemory() >> 20) + " MB (a sixteenth of what it had free); "
                                + "refused before "
                                + "the string was built. Nothing was imported. Run Java with a larger heap (-Xmx) "
                                + "if the log is genuine");
            } catch (JsonProcessingException pe) {
                // an entry that is not JSON may still be a bomb (zeros, say): that is said first, found by inflating
                // the rest through the limits (counted, not kept); and bytes altered after the CRC was taken are
                // named as such, not by the parse error they cause
                in.transferTo(java.io.OutputStream.nullOutputStream());
                checkCrc(e, crc);
                throw pe;
            }
            in.transferTo(java.io.OutputStream.nullOutputStream());
            checkCrc(e, crc);
            if (n == null || !n.isObject()) {
                throw new ImportException(file, -1, e.getName(), "expected a JSON object, found " + Fields.describe(n));
            }
            return n;
        } catch (JsonProcessingException pe) {
            ImportException ie = ImportException.fromParse(file, pe, "", 0);
            throw new ImportException(
                    file,
                    ie.line(),
                    e.getName() + (ie.pointer() == null || ie.pointer().isEmpty() ? "" : "#" + ie.pointer()),
                    ie.problem());
        } catch (ZipException ze) {
            throw new ImportException(
                    file,
                    -1,
                    e.getName(),
                    "the entry cannot be inflated (" + ze.getMessage() + "); the .eval zip is damaged");
        } catch (java.io.EOFException eof) {
            throw new ImportException(file, -1, e.getName(), "the entry ends early; the .eval zip is truncated");
        }
    }

    /** Refuses an entry whose bytes (stored or inflated) do not have the CRC-32 the zip's central directory gives. */
    private void checkCrc(ZipEntry e, java.util.zip.CRC32 crc) {
        if (e.getCrc() != -1 && e.getCrc() != crc.getValue()) {
            throw new ImportException(
                    file,
                    -1,
                    e.getName(),
                    String.format(
                            "the entry's bytes do not match its CRC-32 (the zip says %08x, the bytes give %08x): it "
                                    + "was altered or damaged after it was written. Nothing was imported",
                            e.getCrc(), crc.getValue()));
        }
    }

    /** An entry's inflated bytes, counted against the per-entry and whole-zip limits (zip bomb protection). */
    private final class Capped extends CountingStream {
        private final String name;
        private long size;

        Capped(InputStream in, String name) {
            super(in);
            this.name = name;
        }

        @Override
        void count(int n) {
            size += n;
            expanded += n;
            if (size > maxEntry) {
                throw new ImportException(
                        file,
                        -1,
                        name,
                        "the entry expands beyond " + (maxEntry >> 20)
                                + " MB (a zip bomb?); expected an Inspect sample of sane size");
            }
            if (expanded > maxTotal) {
                throw new ImportException(
                        file,
                        -1,
                        name,
                        "the zip expands beyond " + (maxTotal >> 20)
                                + " MB in all (a zip bomb?); nothing was imported");
            }
        }
    }

    /**
     * A .json EvalLog read as it streams: every field but {@code samples} is kept (the header, small), and each
     * sample is read, imported and dropped in turn, so memory stays flat however many samples the log holds.
     * Inspect writes {@code eval} before {@code samples}; a log that has them the other way round has its samples
     * held until the header is read.
     */
    void readLog(JsonParser p, Consumer<Records.Rec> out) throws IOException {
        Fields f = new Fields(file, -1);
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw f.error(
                    "", "expected an Inspect EvalLog object, found " + Fields.describe(StrictJson.MAPPER.readTree(p)));
        }
        ObjectNode header = Json.MAPPER.createObjectNode();
        List<JsonNode> held = new ArrayList<>();
        AgentRunSkips skips = new AgentRunSkips();
        int n = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (!name.equals("samples") || t == JsonToken.VALUE_NULL) {
                header.set(name, StrictJson.MAPPER.readTree(p));
                continue;
            }
            if (t != JsonToken.START_ARRAY) {
                throw f.error("/samples", "expected an array, found " + Fields.describe(StrictJson.MAPPER.readTree(p)));
            }
            while (p.nextToken() != JsonToken.END_ARRAY) {
                JsonNode sample = StrictJson.MAPPER.readTree(p);
                if (header.path("eval").isObject()) {
                    sample(header, header.get("eval"), sample, "/samples/" + n, out, skips);
                } else {
                    held.add(sample);
                }
                n++;
            }
        }
        JsonNode eval = f.requiredObject(header, "eval", "");
        for (int i = 0; i < held.size(); i++) {
            sample(header, eval, held.get(i), "/samples/" + (n - held.size() + i), out, skips);
        }
        skips.emit(out, header);
    }

    /** What a log says about itself beyond its samples (status, log-level error), reported once. */
    private static final class AgentRunSkips {
        int samples;

        void emit(Consumer<Records.Rec> out, JsonNode header) {
            Map<String, Integer> skipped = new java.util.LinkedHashMap<>();
            String status = header.path("status").asText("");
            if (!status.isEmpty() && !status.equals("success")) {
                skipped.put(
                        "log status '" + status + "'"
                                + (header.path("error").isObject()
                                        ? " ("
                                                + header.get("error")
                                                        .path("message")
                                                        .asText("") + ")"
                                        : ""),
                        1);
            }
            if (samples == 0) {
                skipped.put("logs without samples", 1);
            }
            if (!skipped.isEmpty()) {
                out.accept(new Records.StatsRec(0, 0, 0, 0, 0, 0, 0, 0, 0, skipped));
            }
        }
    }

    private void sample(
            JsonNode log,
            JsonNode eval,
            JsonNode sample,
            String where,
            Consumer<Records.Rec> out,
            AgentRunSkips skips) {
        Fields f = new Fields(file, -1);
        if (!sample.isObject()) {
            throw f.error(where, "expected a sample object, found " + Fields.describe(sample));
        }
        skips.samples++;
        JsonNode attachments = sample.get("attachments");
        if (attachments != null && attachments.isObject() && !attachments.isEmpty()) {
            sample = resolve(sample, attachments); // in place: the tree was parsed for this sample alone
        }
        JsonNode idNode = sample.get("id");
        if (idNode == null || !(idNode.isTextual() || idNode.isNumber())) {
            throw f.error(
                    where + "/id", "expected the sample id (a string or a number), found " + Fields.describe(idNode));
        }
        String sampleId = idNode.asText();
        int epoch = sample.path("epoch").asInt(1);
        String task = eval.path("task").asText("task");
        String runId = eval.path("run_id")
                .asText(eval.path("eval_id").asText(eval.path("task_id").asText("")));
        AgentRun run = new AgentRun("inspect", file);
        run.taskCache = taskCache;
        run.keyCache = keyCache;
        run.sourceId = runId + "/" + eval.path("task_id").asText(task) + "/" + sampleId + "/epoch-" + epoch;
        run.run = runId;
        run.taskKey = task + "/" + sampleId;
        run.model = eval.path("model").asText(null);
        JsonNode target = sample.get("target");
        if (target != null && target.isTextual()) {
            run.target = target.asText();
        } else if (target != null
                && target.isArray()
                && target.size() > 0
                && target.get(0).isTextual()) {
            run.target = target.get(0).asText();
        }
        JsonNode messages = sample.get("messages");
        if (messages != null && !messages.isNull() && !messages.isArray()) {
            throw f.error(
                    where + "/messages", "expected an array of chat messages, found " + Fields.describe(messages));
        }
        List<JsonNode> modelEvents = new ArrayList<>();
        for (JsonNode e : sample.path("events")) {
            if ("model".equals(e.path("event").asText())) {
                modelEvents.add(e);
            } else if (!e.has("event")) {
                run.skip("events without an 'event' kind");
            }
        }
        if ((messages == null || messages.isEmpty()) && !modelEvents.isEmpty()) {
            messages = fromPool(sample, modelEvents.get(modelEvents.size() - 1), f, where);
            run.extra.put("messages_from", "model event input (message pool)");
        }
        if (messages != null) {
            for (int i = 0; i < messages.size(); i++) {
                JsonNode m = messages.get(i);
                String mp = where + "/messages/" + i;
                if (!m.isObject() || !m.path("role").isTextual()) {
                    throw f.error(
                            mp + "/role",
                            "expected a chat message with a role, found " + Fields.describe(m.get("role")));
                }
                String role = m.get("role").asText();
                if (!List.of("system", "user", "assistant", "tool").contains(role)) {
                    throw f.error(mp + "/role", "expected system, user, assistant or tool, found \"" + role + "\"");
                }
                for (AgentMessages.Msg msg : AgentMessages.parse(m, Role.USER)) {
                    add(run, msg, m);
                }
            }
        }
        // per-call usage from the model events, in order, beside the model turns
        int k = 0;
        for (int i = 0; i < run.turns.size() && k < modelEvents.size(); i++) {
            if (run.turns.get(i).role() == Role.ASSISTANT) {
                JsonNode u = modelEvents.get(k++).path("output").path("usage");
                if (u.isObject()) {
                    ObjectNode t = ((ObjectNode) run.steps.get(i)).putObject("tokens");
                    t.set("input", u.get("input_tokens"));
                    t.set("output", u.get("output_tokens"));
                }
            }
        }
        if (!modelEvents.isEmpty()) {
            JsonNode tools = modelEvents.get(0).get("tools");
            if (tools != null && tools.isArray() && !tools.isEmpty()) {
                ArrayNode fns = Json.MAPPER.createArrayNode();
                for (JsonNode t : tools) {
                    ObjectNode fn = fns.addObject().put("type", "function").putObject("function");
                    fn.put("name", t.path("name").asText("?"));
                    if (t.has("description")) {
                        fn.set("description", t.get("description"));
                    }
                    if (t.has("parameters")) {
                        fn.set("parameters", t.get("parameters"));
                    }
                }
                run.tools = fns;
            }
        }
        // totals: the sample's model usage, summed over models
        JsonNode usage = sample.get("model_usage");
        if (usage != null && usage.isObject() && !usage.isEmpty()) {
            for (JsonNode u : (Iterable<JsonNode>) () -> usage.elements()) {
                run.tokens(
                        null,
                        u.path("input_tokens").asLong(0),
                        u.path("output_tokens").asLong(0));
            }
        }
        // the answer
        JsonNode output = sample.path("output");
        if (output.path("completion").isTextual()) {
            run.answer = output.get("completion").asText();
        } else if (output.path("choices").isArray() && output.get("choices").size() > 0) {
            StringBuilder sb = new StringBuilder();
            for (AgentMessages.Msg m :
                    AgentMessages.parse(output.get("choices").get(0).get("message"), Role.ASSISTANT)) {
                if (m.text() != null) {
                    sb.append(sb.length() > 0 ? "\n" : "").append(m.text());
                }
            }
            run.answer = sb.toString();
        }
        if (output.path("model").isTextual() && run.model == null) {
            run.model = output.get("model").asText();
        }
        JsonNode error = sample.get("error");
        if (error != null && error.isObject()) {
            run.runError = error;
            run.error(null, "sample", null, "error", error.path("message").asText(null));
        }
        JsonNode limit = sample.get("limit");
        if (limit != null && limit.isObject()) {
            run.error(
                    null,
                    "limit",
                    null,
                    limit.path("type").asText("limit"),
                    "limit reached: " + limit.path("limit").asText(""));
            run.extra.set("limit", limit);
        }
        JsonNode scores = sample.get("scores");
        if (scores != null && scores.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = scores.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode sc = e.getValue();
                if (!sc.isObject()) {
                    throw f.error(
                            where + "/scores/" + e.getKey(),
                            "expected a score object {value, answer, explanation}, found " + Fields.describe(sc));
                }
                String explanation = sc.path("explanation").isTextual()
                        ? sc.get("explanation").asText()
                        : null;
                run.scores.add(new AgentRun.Score(e.getKey(), sc.get("value"), explanation, "inspect"));
            }
        }
        run.extra.put("sample_id", sampleId);
        run.extra.put("epoch", epoch);
        run.extra.put("task", task);
        if (log.path("version").isInt()) {
            run.extra.put("log_version", log.get("version").asInt());
        }
        run.emit(f, out);
    }

    private static void add(AgentRun run, AgentMessages.Msg msg, JsonNode raw) {
        ObjectNode step = null;
        switch (msg.role()) {
            case SYSTEM -> step = run.system(msg.text());
            case USER -> step = run.user(msg.text());
            case ASSISTANT -> {
                step = run.assistant(msg.text(), msg.calls());
                if (step != null && raw.path("model").isTextual()) {
                    step.put("model", raw.get("model").asText());
                }
            }
            case TOOL -> {
                for (AgentMessages.Res r : msg.results()) {
                    step = run.result(r);
                }
            }
        }
        if (step != null && raw.path("id").isTextual()) {
            step.put("message_id", raw.get("id").asText());
        }
    }

    /** The last model event's input ({@code input}, or {@code input_refs} ranges into the message pool) plus its output. */
    private ArrayNode fromPool(JsonNode sample, JsonNode event, Fields f, String where) {
        ArrayNode msgs = Json.MAPPER.createArrayNode();
        JsonNode pool = sample.path("message_pool");
        if (event.path("input").isArray() && !event.get("input").isEmpty()) {
            event.get("input").forEach(msgs::add);
        } else if (event.path("input_refs").isArray()) {
            for (JsonNode ref : event.get("input_refs")) {
                if (!ref.isArray()
                        || ref.size() != 2
                        || !ref.get(0).canConvertToInt()
                        || !ref.get(1).canConvertToInt()) {
                    throw f.error(
                            where + "/events/input_refs",
                            "expected [start, end] index pairs into message_pool, found " + ref);
                }
                for (int i = ref.get(0).asInt(); i < ref.get(1).asInt(); i++) {
                    if (i < 0 || i >= pool.size()) {
                        throw f.error(
                                where + "/message_pool/" + i,
                                "an input_refs index past the message pool (size " + pool.size() + ")");
                    }
                    msgs.add(pool.get(i));
                }
            }
        }
        JsonNode choice = event.path("output").path("choices").path(0).path("message");
        if (choice.isObject()) {
            msgs.add(choice);
        }
        return msgs;
    }

    /** Replaces every {@code attachment://<hash>} string with the attachment's text. */
    static JsonNode resolve(JsonNode n, JsonNode attachments) {
        if (n.isTextual()) {
            String t = n.asText();
            if (t.startsWith(ATTACHMENT)) {
                JsonNode a = attachments.get(t.substring(ATTACHMENT.length()));
                return a == null ? n : a;
            }
            return n;
        }
        if (n.isArray()) {
            ArrayNode arr = (ArrayNode) n;
            for (int i = 0; i < arr.size(); i++) {
                arr.set(i, resolve(arr.get(i), attachments));
            }
        } else if (n.isObject()) {
            ObjectNode o = (ObjectNode) n;
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String k : names) {
                if (!k.equals("attachments")) {
                    o.set(k, resolve(o.get(k), attachments));
                }
            }
        }
        return n;
    }
}
