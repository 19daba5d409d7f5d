package org.tracejudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tracejudge.json.Json;
import org.tracejudge.redaction.Evaluation;
import org.tracejudge.redaction.Redactor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "redact",
        description = {
            "Shows what redaction takes out of a text or JSON Lines file, or measures it " + "on a labelled file.",
            "redact FILE prints the text with each redaction marked by its kind ([NAME], [PHONE], [IBAN]...); a .jsonl "
                    + "file is read line by line and each line's \"text\" is redacted.",
            "redact --evaluate FILE.jsonl reads lines {\"id\", \"text\", \"pii\": [{\"kind\", \"text\"}]} and prints per-kind "
                    + "recall, the false-positive rate on messages with no personal data, and precision."
        })
final class RedactCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Option(names = "--evaluate", description = "Measure on a labelled JSON Lines file instead of printing it.")
    boolean evaluate;

    @Mixin
    OutputFormat.TextJson format;

    @Option(
            names = "--strict",
            description = "Prefer over-redaction (as for remote judges): capitalised unknown "
                    + "words, long numbers, every URL.")
    boolean strict;

    @Option(names = "--allow", paramLabel = "WORD", description = "A word or phrase never to redact (repeatable).")
    List<String> allow = new ArrayList<>();

    @Option(names = "--deny", paramLabel = "TEXT", description = "A string always to redact (repeatable).")
    List<String> deny = new ArrayList<>();

    @Option(names = "--name", paramLabel = "NAME", description = "A name to redact wherever it occurs (repeatable).")
    List<String> names = new ArrayList<>();

    @Option(
            names = "--misses",
            description = "With --evaluate: also list each missed item and each changed "
                    + "negative (for a development set; this prints the personal data of the file).")
    boolean misses;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file
                    + (Files.isDirectory(file)
                            ? ": is a folder; give a text or JSON Lines " + "file"
                            : Files.exists(file) ? ": not a regular file" : ": no such file"));
        }
        org.tracejudge.importer.TextEncoding.requireUtf8(file); // UTF-16, Latin-1: named, with the line and byte
        Redactor r = new Redactor(new Redactor.Options(strict, names, allow, deny));
        PrintWriter out = spec.commandLine().getOut();
        if (evaluate) {
            Evaluation.Report report = Evaluation.run(r, file);
            if (format.json()) {
                ObjectNode o = CliJson.document(spec);
                o.setAll(report.toJson());
                if (misses) {
                    ArrayNode a = o.putArray("misses");
                    report.misses().forEach(a::add);
                }
                CliJson.print(out, o);
            } else {
                out.print(report.toText());
                if (misses) {
                    report.misses().forEach(m -> out.println("  " + m));
                }
            }
            out.flush();
            return 0;
        }
        boolean jsonl =
                file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jsonl");
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            if (!jsonl) {
                StringBuilder sb = new StringBuilder();
                char[] buf = new char[8192];
                for (int n; (n = in.read(buf)) > 0; ) {
                    sb.append(buf, 0, n);
                }
                Redactor.Result res = r.redact(sb.toString());
                if (format.json()) {
                    ObjectNode o = CliJson.document(spec);
                    o.put("text", res.text());
                    o.set("spans", spans(res));
                    CliJson.print(out, o);
                } else {
                    out.print(res.text());
                    if (!res.text().endsWith("\n")) {
                        out.println();
                    }
                }
            } else {
                int n = 0;
                for (String line; (line = in.readLine()) != null; ) {
                    n++;
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode o;
                    try {
                        o = Json.read(line);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(file + ":" + n + ": " + e.getMessage());
                    }
                    if (!o.path("text").isTextual()) {
                        throw new IllegalArgumentException(
                                file + ":" + n + ": expected an object with a \"text\" string");
                    }
                    Redactor.Result res = r.redact(o.get("text").asText());
                    if (format.json()) {
                        ObjectNode x = Json.object();
                        if (o.has("id")) {
                            x.set("id", o.get("id"));
                        }
                        x.put("text", res.text());
                        x.set("spans", spans(res));
                        out.println(Json.write(x));
                    } else {
                        out.println((o.has("id") ? o.get("id").asText() + "\t" : "")
                                + res.text().replace("\n", "\\n"));
                    }
                }
            }
        }
        out.flush();
        return 0;
    }

    private static ArrayNode spans(Redactor.Result res) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (Redactor.Span s : res.spans()) {
            ObjectNode so = a.addObject();
            so.put("kind", s.kind().name());
            so.put("start", s.start());
            so.put("end", s.end());
            if (s.why() != null) {
                so.put("why", s.why());
            }
        }
        return a;
    }
}
