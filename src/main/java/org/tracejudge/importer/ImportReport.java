package org.tracejudge.importer;

import java.util.ArrayList;
import java.util.List;

/** What one import did, file by file. "new" counts what was added; the rest was already there. */
public final class ImportReport {
    /** Counts for one file. */
    public static final class FileCounts {
        public final String file;
        public final Format format;
        public final String rater;
        public int rows;
        public int tasksNew;
        public int tasksSeen;
        public int tracesNew;
        public int tracesSeen;
        public int labelsNew;
        public int labelsSeen;
        public int nullVerdicts;
        public int adjudicationsNew;
        public int adjudicationsSeen;
        public int ambiguousMatches;
        /** Answered judge calls (another laptop's judge cache, export --with-judge-cache). */
        public int judgeCallsNew;

        public int judgeCallsSeen;
        /** Comments and flags on traces (another laptop's export). */
        public int commentsNew;

        public int commentsSeen;
        /** Scheme versions and answers to a scheme's questions (schema 13). */
        public int schemesNew;

        public int schemesSeen;
        public int answersNew;
        public int answersSeen;
        /** Position in the import (phase, then command-line order): a task shared by files counts for the first. */
        int order;
        /** An OTLP file read together with the import's other OTLP files ({@code OtlpFileGroup}). */
        public boolean readWithOthers;

        /** Traces already in the project whose content this file replaced (import --replace). */
        public int tracesReplaced;

        /** OTLP runs kept open: a model call of theirs has no messages yet (its log records may come later). */
        public int runsOpen;

        /** OTLP runs the project held open that this file's log records completed (otlp_run), and with how many. */
        public int runsCompleted;

        public int logRecordsJoined;
        /** Current labels withdrawn from the runs completed (they judged a run without its messages). */
        public int completedLabelsWithdrawn;

        /** Agent-trace formats: what the runs held, and what was skipped and why (reason -> count). */
        public int runs;

        public int steps;
        public int toolCalls;
        public int toolResults;
        public int errors;
        public int pairedById;
        public int pairedByNameOrOrder;
        public long tokensIn;
        public long tokensOut;
        public final java.util.Map<String, Integer> skipped = new java.util.LinkedHashMap<>();

        void add(Records.StatsRec r) {
            runs += r.traces();
            steps += r.steps();
            toolCalls += r.toolCalls();
            toolResults += r.toolResults();
            errors += r.errors();
            pairedById += r.pairedById();
            pairedByNameOrOrder += r.pairedByNameOrOrder();
            tokensIn += r.tokensIn();
            tokensOut += r.tokensOut();
            r.skipped().forEach((k, v) -> skipped.merge(k, v, Integer::sum));
        }

        /** The agent-trace part of the summary ("" for other formats). */
        public String contents() {
            if (runs == 0 && skipped.isEmpty()) {
                return "";
            }
            StringBuilder sb = new StringBuilder();
            sb.append(runs)
                    .append(runs == 1 ? " run: " : " runs: ")
                    .append(steps)
                    .append(" steps, ")
                    .append(toolCalls)
                    .append(" tool call")
                    .append(toolCalls == 1 ? "" : "s")
                    .append(", ")
                    .append(toolResults)
                    .append(" tool result")
                    .append(toolResults == 1 ? "" : "s");
            if (toolResults > 0) {
                sb.append(" (")
                        .append(pairedById)
                        .append(" paired by id, ")
                        .append(pairedByNameOrOrder)
                        .append(" by name and order");
                int unpaired = toolResults - pairedById - pairedByNameOrOrder;
                if (unpaired > 0) {
                    sb.append(", ").append(unpaired).append(" with no call");
                }
                sb.append(')');
            }
            sb.append(", ").append(errors).append(" error").append(errors == 1 ? "" : "s");
            if (tokensIn + tokensOut > 0) {
                sb.append(", tokens ")
                        .append(tokensIn)
                        .append(" in / ")
                        .append(tokensOut)
                        .append(" out");
            }
            if (!skipped.isEmpty()) {
                List<String> parts = new ArrayList<>();
                skipped.forEach((k, v) -> parts.add(v + " " + k));
                sb.append("; skipped: ").append(String.join(", ", parts));
            }
            return sb.toString();
        }

        FileCounts(String file, Format format, String rater) {
            this.file = file;
            this.format = format;
            this.rater = rater;
        }

        /** Saved judges met in the file: each left out (with why) or taken by name (see {@link ConfigGate}). */
        public final List<ConfigGate.Judge> judges = new ArrayList<>();

        /** What was imported as given but deserves a look (a task id met with other content), one line each. */
        public final List<String> warnings = new ArrayList<>();

        public boolean changedNothing() {
            return tasksNew == 0
                    && tracesNew == 0
                    && labelsNew == 0
                    && adjudicationsNew == 0
                    && tracesReplaced == 0
                    && runsCompleted == 0
                    && judgeCallsNew == 0
                    && commentsNew == 0
                    && schemesNew == 0
                    && answersNew == 0;
        }

        public String summary() {
            StringBuilder sb = new StringBuilder(file).append(" (").append(format.code());
            if (rater != null) {
                sb.append(", rater ").append(rater);
            }
            sb.append("): ");
            List<String> parts = new ArrayList<>();
            part(parts, "task", tasksNew, tasksSeen);
            part(parts, "trace", tracesNew, tracesSeen);
            part(parts, "label", labelsNew, labelsSeen);
            part(parts, "adjudication", adjudicationsNew, adjudicationsSeen);
            part(parts, "cached judge answer", judgeCallsNew, judgeCallsSeen);
            part(parts, "comment", commentsNew, commentsSeen);
            part(parts, "scheme version", schemesNew, schemesSeen);
            part(parts, "answer", answersNew, answersSeen);
            sb.append(
                    parts.isEmpty() && readWithOthers
                            ? "read with the other OTLP files of this import (its spans and records count with the "
                                    + "file their run ended in)"
                            : parts.isEmpty() ? "nothing to import" : String.join(", ", parts));
            String contents = contents();
            if (!contents.isEmpty()) {
                sb.append("; ").append(contents);
            }
            if (nullVerdicts > 0) {
                sb.append("; ")
                        .append(nullVerdicts)
                        .append(" null verdict")
                        .append(nullVerdicts == 1 ? "" : "s")
                        .append(" kept as no label");
            }
            if (tracesReplaced > 0) {
                sb.append("; ")
                        .append(tracesReplaced)
                        .append(" trace")
                        .append(tracesReplaced == 1 ? "" : "s")
                        .append(" replaced (their earlier labels withdrawn in the ledger)");
            }
            if (runsOpen > 0) {
                sb.append("; ")
                        .append(runsOpen)
                        .append(runsOpen == 1 ? " run waits" : " runs wait")
                        .append(" for messages a model call of ")
                        .append(runsOpen == 1 ? "it" : "theirs")
                        .append(" lacks (kept open: its log records, imported or received later, complete it)");
            }
            if (runsCompleted > 0) {
                sb.append("; completed ")
                        .append(runsCompleted)
                        .append(" stored run")
                        .append(runsCompleted == 1 ? "" : "s");
                if (logRecordsJoined > 0) {
                    sb.append(" with ")
                            .append(logRecordsJoined)
                            .append(" log record")
                            .append(logRecordsJoined == 1 ? "" : "s");
                } else {
                    sb.append(" (their spans and log records imported again)");
                }
                if (completedLabelsWithdrawn > 0) {
                    sb.append(" (")
                            .append(completedLabelsWithdrawn)
                            .append(completedLabelsWithdrawn == 1 ? " label" : " labels")
                            .append(" on them withdrawn in the ledger: they judged the runs without their messages)");
                }
            }
            if (ambiguousMatches > 0) {
                sb.append("; ")
                        .append(ambiguousMatches)
                        .append(" verdicts matched several runs of a model and went to the newest run");
            }
            if (!warnings.isEmpty()) {
                sb.append("; warning: ").append(String.join("; warning: ", warnings));
            }
            for (ConfigGate.Judge j : judges) {
                sb.append("; ").append(j.describe());
            }
            if (changedNothing()
                    && (tasksSeen + tracesSeen + labelsSeen + adjudicationsSeen + judgeCallsSeen + commentsSeen) > 0) {
                sb.append(" — already in the project, nothing changed");
            }
            return sb.toString();
        }

        private static void part(List<String> parts, String what, int fresh, int seen) {
            int all = fresh + seen;
            if (all > 0) {
                parts.add(all + " " + what + (all == 1 ? "" : "s") + " (" + fresh + " new)");
            }
        }
    }

    private final List<FileCounts> files = new ArrayList<>();

    void add(FileCounts c) {
        files.add(c);
    }

    public List<FileCounts> files() {
        return files;
    }

    /**
     * Agent-trace files that held spans, observations or records but gave no run, each with why (what was skipped):
     * the import did not do what was asked of it, so the command exits non-zero.
     */
    public List<String> heldButNoRun() {
        List<String> out = new ArrayList<>();
        for (FileCounts c : files) {
            boolean agent = c.format == Format.OTLP
                    || c.format == Format.LANGFUSE
                    || c.format == Format.INSPECT
                    || c.format == Format.ATIF
                    || c.format == Format.SWE_AGENT;
            if (agent && c.runs == 0 && c.runsCompleted == 0 && !c.skipped.isEmpty()) {
                List<String> parts = new ArrayList<>();
                c.skipped.forEach((k, v) -> parts.add(v + " " + k));
                out.add(c.file + ": it held spans or records but gave no run (" + String.join(", ", parts)
                        + "); Tracejudge reads model calls (GenAI, OpenInference, Langfuse generations) and tool "
                        + "executions, and this file has none");
            }
        }
        return out;
    }

    /** One line per file ({@link FileCounts#summary()}), for people: what each file brought in. */
    public String summary() {
        return files.isEmpty()
                ? "no files"
                : String.join("\n", files.stream().map(FileCounts::summary).toList());
    }

    @Override
    public String toString() {
        return summary();
    }

    public int tracesNew() {
        return files.stream().mapToInt(f -> f.tracesNew).sum();
    }

    public int labelsNew() {
        return files.stream().mapToInt(f -> f.labelsNew).sum();
    }

    /** OTLP runs the project held open that this import's log records completed. */
    public int runsCompleted() {
        return files.stream().mapToInt(f -> f.runsCompleted).sum();
    }

    public int tasksNew() {
        return files.stream().mapToInt(f -> f.tasksNew).sum();
    }
}
