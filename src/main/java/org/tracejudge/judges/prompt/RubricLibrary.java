package org.tracejudge.judges.prompt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The rubric templates: the built-in ones shipped in {@code resources/rubrics/} (on the class path as
 * {@code /rubrics/}) and the user's edited copies in {@code <data folder>/rubrics/}. A file in the data
 * folder wins over the built-in one of the same name. A template's HTML comments are notes for whoever
 * edits it and are not sent to the model; {@code {{approach}}} in the base marks where the overlay goes.
 */
public final class RubricLibrary {
    public static final String BASE = "base";
    public static final String DECISION_TREE = "decision-tree";
    public static final String EVIDENCE = "evidence";
    /** Tool-selection rubrics for scenarios with safety-critical tools (base: {@value #SAFETY_BASE}). */
    public static final String SAFETY_BASE = "safety-base";

    public static final String SAFETY_DECISION_TREE = "safety-decision-tree";
    public static final String SAFETY_EVIDENCE = "safety-evidence";
    public static final List<String> OVERLAYS = List.of(DECISION_TREE, EVIDENCE, SAFETY_DECISION_TREE, SAFETY_EVIDENCE);
    /** Call-level cases (ToolHaystack, DiaBench): their own base, and one overlay per approach ("call-" + overlay). */
    public static final String CALL_BASE = "call-base";

    public static final List<String> FILES = List.of(
            BASE,
            DECISION_TREE,
            EVIDENCE,
            CALL_BASE,
            "call-" + DECISION_TREE,
            "call-" + EVIDENCE,
            SAFETY_BASE,
            SAFETY_DECISION_TREE,
            SAFETY_EVIDENCE);

    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->[ \\t]*\\R?", Pattern.DOTALL);
    private static final String PLACEHOLDER = "{{approach}}";

    private final Path userDir;

    /** @param userDir the folder of edited copies ({@code <data folder>/rubrics}); may be null or absent */
    public RubricLibrary(Path userDir) {
        this.userDir = userDir;
    }

    /** The rubric for overlay {@code name} (decision-tree or evidence). */
    public Rubric rubric(String name) {
        if (!OVERLAYS.contains(name)) {
            throw new IllegalArgumentException("unknown rubric '" + name + "' (expected decision-tree, evidence, "
                    + "safety-decision-tree or safety-evidence)");
        }
        Map<String, String> sources = new LinkedHashMap<>();
        String baseFile = name.startsWith("safety-") ? SAFETY_BASE : BASE;
        String base = strip(load(baseFile, sources));
        String overlay = strip(load(name, sources)).strip();
        if (!base.contains(PLACEHOLDER)) {
            throw new IllegalArgumentException(sources.get(baseFile) + ": the base rubric lacks the " + PLACEHOLDER
                    + " line that says where the " + name + " overlay goes");
        }
        String system = base.replace(PLACEHOLDER, overlay).strip() + "\n";
        if (name.startsWith("safety-")) {
            return new Rubric(name, system, sources, EVIDENCE.equals(name)); // tool-selection only: no call-level part
        }
        String callBase = strip(load(CALL_BASE, sources));
        String callOverlay = strip(load("call-" + name, sources)).strip();
        if (!callBase.contains(PLACEHOLDER)) {
            throw new IllegalArgumentException(sources.get(CALL_BASE) + ": the call-level base rubric lacks the "
                    + PLACEHOLDER + " line that says where the call-" + name + " overlay goes");
        }
        String callSystem = callBase.replace(PLACEHOLDER, callOverlay).strip() + "\n";
        return new Rubric(name, system, sources, EVIDENCE.equals(name), callSystem);
    }

    /**
     * Copies the built-in templates into the user folder for editing; files already there are kept.
     *
     * @return the files copied
     */
    public List<Path> copyBuiltInsToUserFolder() {
        if (userDir == null) {
            throw new IllegalStateException("no data folder for rubric copies");
        }
        List<Path> copied = new ArrayList<>();
        try {
            Files.createDirectories(userDir);
            for (String f : FILES) {
                Path target = userDir.resolve(f + ".md");
                if (!Files.exists(target)) {
                    Files.writeString(target, builtIn(f));
                    copied.add(target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(userDir + ": cannot copy the rubric templates: " + e.getMessage(), e);
        }
        return copied;
    }

    /** Where each template file is read from: a path in the data folder or "built-in". */
    public Map<String, String> locations() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String f : FILES) {
            Path user = userFile(f);
            out.put(f, user != null ? user.toString() : "built-in");
        }
        return out;
    }

    /** A built-in template's text, exactly as shipped. */
    public static String builtIn(String file) {
        try (InputStream in = RubricLibrary.class.getResourceAsStream("/rubrics/" + file + ".md")) {
            if (in == null) {
                throw new IllegalStateException("the built-in rubric " + file + ".md is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path userFile(String file) {
        if (userDir == null) {
            return null;
        }
        Path p = userDir.resolve(file + ".md");
        return Files.isRegularFile(p) ? p : null;
    }

    private String load(String file, Map<String, String> sources) {
        Path user = userFile(file);
        if (user != null) {
            sources.put(file, user.toString());
            try {
                return Files.readString(user, StandardCharsets.UTF_8).replace("\r\n", "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(user + ": cannot read the rubric: " + e.getMessage(), e);
            }
        }
        sources.put(file, "built-in");
        return builtIn(file).replace("\r\n", "\n");
    }

    static String strip(String template) {
        return COMMENT.matcher(template).replaceAll("");
    }
}
