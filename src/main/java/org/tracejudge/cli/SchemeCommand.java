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
import org.tracejudge.safety.QuestionReview;
import org.tracejudge.scheme.Answer;
import org.tracejudge.scheme.CriticalReview;
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
                        + "named with --orphan KEY. --pending-review lists the answers to safety-critical options that wait "
                        + "for a second expert or an adjudicator; --adjudicate TRACE --question KEY --answer VALUE --by NAME "
                        + "records an adjudication.")
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

        @Option(
                names = "--pending-review",
                description = "List the (trace, question) items of safety-critical options that need a second expert "
                        + "or an adjudicator, with why.")
        boolean pendingReview;

        @Option(
                names = "--adjudicate",
                paramLabel = "TRACE",
                description =
                        "Record an adjudication of an item the two experts disagree on (with --question, --answer "
                                + "and --by; the adjudicator is neither of the experts).")
        String adjudicate;
    }

    @Option(names = "--question", paramLabel = "KEY", description = "With --adjudicate: the question.")
    String question;

    @Option(
            names = "--answer",
            paramLabel = "VALUE",
            description = "With --adjudicate: the answer (an option's value, options as a|b, a step, a number, text; "
                    + "spans and per-tool decisions as their JSON).")
    String answer;

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
        if ((question != null || answer != null) && action.adjudicate == null) {
            err.println("scheme: --question and --answer go with --adjudicate TRACE");
            return TracejudgeCli.ExitCodes.USAGE;
        }
        if (action.pendingReview) {
            return pendingReview(out, err);
        }
        if (action.adjudicate != null) {
            return adjudicate(out, err);
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

    /** The current scheme of an open project, or null (with the message said) when it has none. */
    private Scheme current(Project p, PrintWriter err) {
        SchemeVersions.Version v = p.read(SchemeVersions::current);
        if (v == null) {
            err.println("scheme: " + project + " has no scheme of its own; set one first (tracejudge scheme " + project
                    + " --set FILE)");
            return null;
        }
        try {
            return SchemeFile.parse(v.body(), project + " scheme version " + v.version())
                    .withVersion(v.version());
        } catch (SchemeException e) {
            throw new IllegalStateException("the project's scheme version " + v.version() + " is unreadable", e);
        }
    }

    private int pendingReview(PrintWriter out, PrintWriter err) {
        try (Project p = Project.open(project, Project.OpenOptions.existing().checkAlongside())) {
            Scheme s = current(p, err);
            if (s == null) {
                return TracejudgeCli.ExitCodes.USAGE;
            }
            List<String> critical = s.questions().stream()
                    .filter(CriticalReview::applies)
                    .map(org.tracejudge.scheme.Question::key)
                    .toList();
            if (critical.isEmpty()) {
                out.println("# scheme " + s.name() + " version " + s.version()
                        + " has no question with a safety-critical option: nothing is under safety review");
                Output.check(out);
                return TracejudgeCli.ExitCodes.OK;
            }
            List<QuestionReview.Item> items = QuestionReview.pending(p, s);
            out.println("trace_id\tquestion\tstatus\texperts\twhy");
            for (QuestionReview.Item i : items) {
                out.println(i.traceId() + "\t" + i.question() + "\t"
                        + i.review().status().code() + "\t"
                        + String.join(",", i.review().experts()) + "\t"
                        + i.review().why());
            }
            out.println("# " + items.size() + (items.size() == 1 ? " item waits" : " items wait")
                    + " for a second expert or an adjudicator (questions with safety-critical options: "
                    + String.join(", ", critical) + ")");
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }

    private int adjudicate(PrintWriter out, PrintWriter err) {
        if (question == null || answer == null) {
            err.println("scheme: --adjudicate TRACE needs --question KEY and --answer VALUE");
            return TracejudgeCli.ExitCodes.USAGE;
        }
        String who = by != null ? by : Settings.load().annotator();
        if (who == null || who.isBlank()) {
            err.println("scheme: --adjudicate needs the adjudicator's name: --by NAME");
            return TracejudgeCli.ExitCodes.USAGE;
        }
        try (Project p = Project.open(project, Project.OpenOptions.existing().checkAlongside())) {
            Scheme s = current(p, err);
            if (s == null) {
                return TracejudgeCli.ExitCodes.USAGE;
            }
            org.tracejudge.scheme.Question q = s.question(question).orElse(null);
            if (q == null) {
                err.println("scheme: --question: no question '" + question + "' in scheme " + s.name() + " version "
                        + s.version() + "; its questions are " + String.join(", ", s.keys()));
                return TracejudgeCli.ExitCodes.USAGE;
            }
            String trace = action.adjudicate;
            boolean known = p.read(c -> Answers.traceExists(c, trace));
            if (!known) {
                err.println("scheme: --adjudicate: no trace '" + trace + "' in " + project);
                return TracejudgeCli.ExitCodes.USAGE;
            }
            Answer a;
            try {
                a = answerOf(q, answer);
            } catch (IllegalArgumentException e) {
                err.println("scheme: --answer '" + answer + "' for '" + q.key() + "': " + e.getMessage());
                return TracejudgeCli.ExitCodes.USAGE;
            }
            try {
                QuestionReview.adjudicate(p, q, s.version(), trace, a, who);
            } catch (IllegalArgumentException e) {
                err.println("scheme: adjudication refused, nothing was recorded: " + e.getMessage());
                return TracejudgeCli.ExitCodes.FAILED;
            }
            out.println("adjudicated " + trace + " / " + q.key() + " = " + a.display() + " by " + who.strip()
                    + " (settled)");
        }
        Output.check(out);
        return TracejudgeCli.ExitCodes.OK;
    }

    /** An answer as typed on the command line, for a question's kind. */
    static Answer answerOf(org.tracejudge.scheme.Question q, String text) {
        String t = text.strip();
        return switch (q.kind()) {
            case SINGLE_CHOICE -> new Answer.Choice(t);
            case MULTIPLE_CHOICE -> Answer.Choices.of(t.split("\\|"));
            case ORDINAL -> {
                try {
                    yield new Answer.Step(Integer.parseInt(t));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("an ordinal answer is a step (a whole number)", e);
                }
            }
            case NUMBER -> {
                try {
                    yield new Answer.Numeric(Double.parseDouble(t));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("a number answer is a number", e);
                }
            }
            case TEXT -> new Answer.Text(t);
            case SPAN, YES_NO_PER_TOOL -> Answer.parse(q.kind(), t);
        };
    }
}
