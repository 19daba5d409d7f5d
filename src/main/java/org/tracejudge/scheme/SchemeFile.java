package org.tracejudge.scheme;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The YAML file a team writes for a scheme, read into a {@link Scheme} with every problem named by file, line and field,
 * and written back. The published JSON Schema ({@link #JSON_SCHEMA}) describes the same file for editors.
 *
 * <pre>
 * scheme: helpfulness            # [a-z0-9][a-z0-9._-]*
 * version: 1                     # optional; the store numbers versions
 * description: ...
 * questions:
 *   - key: score                 # [a-z][a-z0-9_]*, unique
 *     prompt: How helpful ...    # required
 *     kind: ordinal              # single_choice multiple_choice ordinal number yes_no_per_tool span text
 *     required: true             # default true
 *     blind: true                # default: true when an option is safety_critical, else false
 *     applies_to: {task_types: [tool_required], when: "risk >= 2"}
 *     options:  [{value, label, definition, key, colour, safety_critical, renamed_from}]   # choices, spans, per tool
 *     scale: {from: 1, to: 5}    # ordinal
 *     anchors: [{step, label, definition, key, colour, safety_critical}]                   # ordinal
 *     min: 0                     # number
 *     max: 100                   # number
 *     targets: [answer, tool_return, turn]                                                 # span (default answer)
 * </pre>
 */
public final class SchemeFile {
    private SchemeFile() {}

    /** The classpath resource of the JSON Schema (draft 2020-12) of the file. */
    public static final String JSON_SCHEMA = "/org/tracejudge/scheme/scheme.schema.json";

    /** The classpath folder of the shipped examples. */
    public static final String EXAMPLES = "/org/tracejudge/scheme/examples/";

    /** The shipped examples' file names. */
    public static final List<String> EXAMPLE_FILES = List.of(
            "mental-health-response-review.yaml",
            "agent-failure-taxonomy.yaml",
            "helpfulness-1-5.yaml",
            "tool-safety-review.yaml");

    private static final YAMLFactory YAML = YAMLFactory.builder().build();

    /**
     * Reads a scheme file.
     *
     * @throws SchemeException naming file, line and field of every problem
     * @throws IOException when the file cannot be read
     */
    public static Scheme read(Path file) throws SchemeException, IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new SchemeException(
                    List.of(new SchemeException.Problem(file.toString(), 0, "", "the file is not UTF-8 text")));
        }
        return parse(text, file.toString());
    }

    /**
     * Reads a scheme from text.
     *
     * @param name the file's name for messages
     * @throws SchemeException naming the line and field of every problem
     */
    public static Scheme parse(String text, String name) throws SchemeException {
        SchemeBuilder b = new SchemeBuilder(name);
        YamlTree.Node root;
        try (JsonParser p = YAML.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw b.fail(0, "", "the file is empty: write scheme, questions");
            }
            root = b.node(p, "", p.currentTokenLocation().getLineNr());
            if (p.nextToken() != null) {
                b.problem(p.currentTokenLocation().getLineNr(), "", "a second YAML document: one scheme per file");
            }
        } catch (JsonProcessingException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof org.yaml.snakeyaml.error.MarkedYAMLException m && m.getProblemMark() != null) {
                    String context = m.getContext() == null
                            ? ""
                            : " (" + m.getContext()
                                    + (m.getContextMark() == null
                                            ? ""
                                            : " started on line "
                                                    + (m.getContextMark().getLine() + 1))
                                    + ")";
                    throw b.fail(m.getProblemMark().getLine() + 1, "", "not YAML: " + m.getProblem() + context);
                }
            }
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw b.fail(
                    line,
                    "",
                    "not YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Scheme s = b.scheme(root);
        if (!b.problems.isEmpty() || s == null) {
            throw new SchemeException(b.problems);
        }
        return s;
    }

    /** A shipped example by file name. */
    public static Scheme example(String fileName) {
        try (InputStream in = SchemeFile.class.getResourceAsStream(EXAMPLES + fileName)) {
            if (in == null) {
                throw new IllegalArgumentException("no shipped scheme example " + fileName);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), fileName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SchemeException e) {
            throw new IllegalStateException("shipped example " + fileName + " is broken: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------------------------------------------- writing

    /** The scheme as a file that {@link #parse} reads back to an equal scheme (what {@code scheme P --show} prints). */
    public static String write(Scheme s) {
        try {
            return YAMLMapper.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .build()
                    .writeValueAsString(SchemeWriter.tree(s));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The scheme as canonical JSON (keys sorted, no spaces): equal schemes give equal text, for storing a version and
     * hashing it. JSON is YAML, so {@link #parse} reads it back to an equal scheme.
     */
    public static String toJson(Scheme s) {
        return org.tracejudge.json.Json.canonical(SchemeWriter.tree(s));
    }
}
