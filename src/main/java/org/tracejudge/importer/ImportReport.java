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
        /** Position in the import (phase, then command-line order): a task shared by files counts for the first. */
        int order;
        /** Traces already in the project whose content this file replaced (import --replace). */
        public int tracesReplaced;

        FileCounts(String file, Format format, String rater) {
            this.file = file;
            this.format = format;
            this.rater = rater;
        }

        /** What was imported as given but deserves a look (a task id met with other content), one line each. */
        public final List<String> warnings = new ArrayList<>();

        public boolean changedNothing() {
            return tasksNew == 0 && tracesNew == 0 && labelsNew == 0 && adjudicationsNew == 0 && tracesReplaced == 0
                    && judgeCallsNew == 0;
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
            sb.append(parts.isEmpty() ? "nothing to import" : String.join(", ", parts));
            if (nullVerdicts > 0) {
                sb.append("; ").append(nullVerdicts).append(" null verdict").append(nullVerdicts == 1 ? "" : "s")
                        .append(" kept as no label");
            }
            if (tracesReplaced > 0) {
                sb.append("; ").append(tracesReplaced).append(" trace").append(tracesReplaced == 1 ? "" : "s")
                        .append(" replaced (their earlier labels withdrawn in the ledger)");
            }
            if (ambiguousMatches > 0) {
                sb.append("; ").append(ambiguousMatches).append(" verdicts matched several runs of a model and went to the newest run");
            }
            if (!warnings.isEmpty()) {
                sb.append("; warning: ").append(String.join("; warning: ", warnings));
            }
            if (changedNothing() && (tasksSeen + tracesSeen + labelsSeen + adjudicationsSeen + judgeCallsSeen) > 0) {
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

    /** One line per file ({@link FileCounts#summary()}), for people: what each file brought in. */
    public String summary() {
        return files.isEmpty() ? "no files" : String.join("\n", files.stream().map(FileCounts::summary).toList());
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

    public int tasksNew() {
        return files.stream().mapToInt(f -> f.tasksNew).sum();
    }
}
