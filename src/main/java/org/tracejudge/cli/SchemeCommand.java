package org.tracejudge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.tracejudge.scheme.Orphans;
import org.tracejudge.scheme.Scheme;
import org.tracejudge.scheme.SchemeChange;
import org.tracejudge.scheme.SchemeException;
import org.tracejudge.scheme.SchemeFile;
import org.tracejudge.settings.Settings;
import org.tracejudge.store.Answers;
import org.tracejudge.store.Project;
import org.tracejudge.store.SchemeVersions;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "scheme",
        description =
                "A project's own questions (issue 49): --show prints the current scheme (the default), --set FILE "
                        + "shows what a scheme file changes and applies it as a new version (versions are never edited), "
                        + "--versions lists them, --example NAME prints a shipped example to start from. A change that would "
                        + "orphan answers (a question removed, an option dropped) is refused unless each such question is "
                        + "named with --orphan KEY.")
final class SchemeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROJECT", description = "The project file (.tjdb).")
    Path project;

    @ArgGroup(exclusive = true)
    Action action = new Action();

    static final class Action {
        @Option(names = "--show", description = "Print the current scheme as a file (YAML).")
        boolean show;

        @Option(names = "--set", paramLabel = "FILE", description = "Apply a scheme file as the next version.")
        Path set;

        @Option(names = "--versions", description = "List the versions: number, name, questions, who, when.")
        boolean versions;

        @Option(
                names = "--example",
                paramLabel = "NAME",
                description = "Print a shipped example (no PROJECT needed): ${COMPLETION-CANDIDATES}.",
                completionCandidates = Examples.class)
        String example;
    }

    @Option(names = "--dry-run", description = "With --set: show the change and what it orphans; apply nothing.")
    boolean dryRun;

    @Option(
            names = "--orphan",
            paramLabel = "KEY",
            split = ",",
            description = "With --set: a question whose answers the change may orphan (they stay stored and exported).")
    List<String> orphan = new ArrayList<>();

    @Option(names = "--by", paramLabel = "NAME", description = "Who applies the change (default: your annotator name).")
    String by;

    static final class Examples implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return SchemeFile.EXAMPLE_FILES.stream()
                    .map(f -> f.replaceFirst("\\.yaml$", ""))
                    .iterator();
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (action.example != null) {
            return example(out, err);
        }
        if (project == null) {
            err.println("scheme: name the PROJECT (or --example NAME for a shipped example)");
            return TracejudgeCli.ExitCodes.USAGE;
        }
        if (action.set != null) {
            return set(out, err);
        }
        try (Project p = Project.open(project, Project.OpenOptions.existing().checkAlongside())) {
            if (action.versions) {
                List<SchemeVersions.Version> all = p.read(SchemeVersions::all);
                if (all.isEmpty()) {
                    out.println(project + ": no scheme of its own; traces are judged with the built-in label sets");
                }
                for (SchemeVersions.Version v : all) {
                    out.printf(
                            Locale.ROOT,
                            "%d  %s  %s  %s%s%n",
                            v.version(),
                            v.name(),
                            v.createdAt(),
                            v.createdBy() == null ? "" : v.createdBy(),
                            v.note() == null || v.note().isEmpty()
                                    ? ""
                                    : "  (" + v.note().replace('\n', ' ') + ")");
                }
            } else {
                SchemeVersions.Version v = p.read(SchemeVersions::current);
                if (v == null) {
                    out.println("# " + project + " has no scheme of its own: traces are judged with the built-in label "
                            + "sets. Start from an example: tracejudge scheme --example mental-health-response-review");
                } else {
                    out.print(v.body());
                }
            }
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }

    private int example(PrintWriter out, PrintWriter err) throws IOException {
        String file = action.example.endsWith(".yaml") ? action.example : action.example + ".yaml";
        if (!SchemeFile.EXAMPLE_FILES.contains(file)) {
            err.println("scheme: no shipped example " + action.example + "; the examples are "
                    + String.join(", ", new Examples()));
            return TracejudgeCli.ExitCodes.USAGE;
        }
        try (var in = SchemeFile.class.getResourceAsStream(SchemeFile.EXAMPLES + file)) {
            out.print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }

    private int set(PrintWriter out, PrintWriter err) throws IOException {
        Scheme next;
        String source;
        try {
            if (org.tracejudge.store.SideFiles.isSqlite(action.set)) {
                err.println("scheme: " + action.set + " is a SQLite database (a project?), not a scheme file; nothing "
                        + "was changed. A scheme is a YAML file: tracejudge scheme --example NAME prints one");
                return TracejudgeCli.ExitCodes.USAGE;
            }
            source = Files.readString(action.set, StandardCharsets.UTF_8);
            next = SchemeFile.read(action.set);
        } catch (NoSuchFileException e) {
            err.println("scheme: " + action.set + ": no such file");
            return TracejudgeCli.ExitCodes.USAGE;
        } catch (java.nio.charset.MalformedInputException e) {
            err.println("scheme: " + action.set + ": the file is not UTF-8 text; nothing was changed");
            return TracejudgeCli.ExitCodes.FAILED;
        } catch (SchemeException e) {
            err.println("scheme: " + action.set + " cannot be used; nothing was changed:");
            e.problems().forEach(pr -> err.println("  " + pr));
            return TracejudgeCli.ExitCodes.FAILED;
        }
        String who = by != null ? by : Settings.load().annotator();
        try (Project p = Project.open(project, Project.OpenOptions.existing().checkAlongside())) {
            Integer[] applied = {null};
            List<String> refused = new ArrayList<>();
            String[] change = {null};
            p.write(c -> {
                SchemeVersions.Version cur = SchemeVersions.current(c);
                Scheme old = cur == null
                        ? null
                        : SchemeFile.parse(cur.body(), project + " (scheme version " + cur.version() + ")");
                Scheme numbered = next.withVersion(cur == null ? 1 : cur.version() + 1);
                change[0] = old == null
                        ? "a first scheme, " + numbered.name() + ", with "
                                + numbered.questions().size() + " questions: " + String.join(", ", numbered.keys())
                        : SchemeChange.between(old, numbered).render();
                Map<String, Integer> entries = Answers.entriesPerQuestion(c);
                Map<String, Set<String>> values = new TreeMap<>();
                for (String q : entries.keySet()) {
                    values.put(q, Answers.values(c, q));
                }
                Set<String> named = new LinkedHashSet<>(orphan);
                List<Orphans.Orphan> orphans = Orphans.of(old, numbered, entries, values);
                for (Orphans.Orphan o : orphans) {
                    if (!named.contains(o.question())) {
                        refused.add(o.toString());
                    }
                }
                if (old != null
                        && SchemeFile.write(old.withVersion(1)).equals(SchemeFile.write(numbered.withVersion(1)))) {
                    change[0] = "no change: the file is the current version " + cur.version();
                    return null;
                }
                if (!refused.isEmpty() || dryRun) {
                    return null;
                }
                String note = orphans.isEmpty()
                        ? null
                        : "orphaned by name: "
                                + String.join(
                                        "; ",
                                        orphans.stream()
                                                .map(Orphans.Orphan::toString)
                                                .toList());
                applied[0] = SchemeVersions.append(c, numbered.name(), SchemeFile.write(numbered), source, note, who)
                        .version();
                return null;
            });
            out.println(change[0]);
            if (!refused.isEmpty()) {
                err.println("scheme: refused, nothing was changed: the change would orphan answers. Their questions, "
                        + "named with --orphan KEY, keep the answers stored and exported:");
                refused.forEach(r -> err.println("  " + r));
                return TracejudgeCli.ExitCodes.FAILED;
            }
            if (applied[0] != null) {
                out.println("applied as version " + applied[0] + " of " + next.name() + " in " + project);
            } else if (dryRun) {
                out.println("(dry run: nothing was changed)");
            }
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }
}
