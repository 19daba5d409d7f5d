package org.tracejudge.ui.welcome;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.tracejudge.importer.ImportCancelledException;
import org.tracejudge.importer.ImportException;
import org.tracejudge.importer.ImportListener;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.importer.Importer;
import org.tracejudge.rules.RuleClassifier;
import org.tracejudge.store.Project;
import org.tracejudge.store.TraceTable;
import org.tracejudge.ui.session.Session;

/**
 * The import pane's state: File ▸ Import…, Classify… and Export… run on the project thread one at a time, with
 * progress, Cancel, and a message (or an error naming the file and line) when they end. A cancelled or failed
 * import or classify leaves the project unchanged; the table and agreement are re-read after one that wrote.
 */
public final class ImportViewModel {
    private final Session session;
    private final ReadOnlyBooleanWrapper importing = new ReadOnlyBooleanWrapper(false);
    private final DoubleProperty importProgress = new SimpleDoubleProperty(-1);
    private final ReadOnlyStringWrapper importMessage = new ReadOnlyStringWrapper("");
    private final ObjectProperty<ImportError> importError = new SimpleObjectProperty<>();
    private final AtomicBoolean importCancel = new AtomicBoolean();

    /** An import error as shown to the user: the whole message, and the file and line when known. */
    public record ImportError(String message, String file, long line) {}

    public ImportViewModel(Session session) {
        this.session = session;
    }

    public ReadOnlyBooleanProperty importingProperty() {
        return importing.getReadOnlyProperty();
    }

    public DoubleProperty importProgressProperty() {
        return importProgress;
    }

    public ReadOnlyStringProperty importMessageProperty() {
        return importMessage.getReadOnlyProperty();
    }

    public ObjectProperty<ImportError> importErrorProperty() {
        return importError;
    }

    /** Clears the last import, classify or export message and error (the Dismiss button; not while running). */
    public void dismiss() {
        if (importing.get()) {
            return;
        }
        importError.set(null);
        importMessage.set("");
        importProgress.set(-1);
    }

    /**
     * Imports files into the open project in the background (one transaction), with progress and cancel;
     * on success the project is re-read, on failure {@link #importErrorProperty()} says what and where.
     */
    public void importFiles(List<Path> files) {
        Project p = session.project();
        // the table keeps what it shows: an annotator working through "Raters disagree" imports more runs and goes on
        TraceTable.Filter shown = session.filterProperty().get();
        TraceTable.Sort sort = session.state().sortProperty().get();
        if (!begin(p, "Importing " + files.size() + (files.size() == 1 ? " file…" : " files…"))) {
            return;
        }
        long totalBytes = files.stream()
                .mapToLong(f -> {
                    try {
                        return java.nio.file.Files.size(f);
                    } catch (java.io.IOException e) {
                        return 0;
                    }
                })
                .sum();
        Map<Path, Long> read = new java.util.concurrent.ConcurrentHashMap<>();
        long[] lastPost = {0};
        ImportListener listener = new ImportListener() {
            @Override
            public void progress(Path file, long done, long all) {
                read.put(file, done);
                post();
            }

            @Override
            public void written(long n) {
                post();
            }

            private void post() {
                long now = System.nanoTime();
                synchronized (lastPost) {
                    if (now - lastPost[0] < 50_000_000L) {
                        return;
                    }
                    lastPost[0] = now;
                }
                long done = read.values().stream().mapToLong(Long::longValue).sum();
                double frac = totalBytes <= 0 ? -1 : Math.min(1.0, (double) done / totalBytes);
                session.onFx(() -> importProgress.set(frac));
            }

            @Override
            public boolean cancelled() {
                return importCancel.get();
            }
        };
        session.submit(() -> {
            try {
                boolean filtered = !TraceTable.Filter.NONE.equals(shown);
                TraceTable before = session.state().table();
                int matchedBefore = filtered && before != null ? before.count(shown) : 0;
                ImportReport r = new Importer(p, listener).importFiles(files, null, null);
                // per file: what it brought in (new / already there), never the report object's name
                String text = r.files().size() == 1
                        ? r.summary()
                        : String.format(
                                "%d files, %,d traces and %,d labels new%n%s",
                                r.files().size(), r.tracesNew(), r.labelsNew(), r.summary());
                session.contentChanged();
                session.readOnWorker(p, shown, sort, true);
                TraceTable after = session.state().table();
                String kept = "";
                if (filtered && after != null) {
                    kept = System.lineSeparator()
                            + FilterWords.kept(shown, Math.max(0, after.count(shown) - matchedBefore), r.tracesNew());
                }
                end("Imported: " + text + from(files) + kept, null, true);
            } catch (ImportCancelledException e) {
                end("Import cancelled; the project is unchanged.", null, false);
            } catch (ImportException e) {
                ImportError err = new ImportError(e.getMessage(), e.file(), e.line());
                end("Import failed; the project is unchanged.", err, false);
            } catch (RuntimeException e) {
                ImportError err = new ImportError(String.valueOf(e.getMessage()), null, -1);
                end("Import failed; the project is unchanged.", err, false);
            }
        });
    }

    /** Where the imported files came from: their folder (or folders), so a file of the same name is not mistaken. */
    static String from(List<java.nio.file.Path> files) {
        java.util.Set<String> dirs = new java.util.LinkedHashSet<>();
        for (java.nio.file.Path f : files) {
            java.nio.file.Path d = f.toAbsolutePath().normalize().getParent();
            dirs.add(d == null ? "/" : d.toString());
        }
        if (dirs.isEmpty()) {
            return "";
        }
        return System.lineSeparator() + "from "
                + (dirs.size() == 1 ? dirs.iterator().next() : dirs.size() + " folders: " + String.join(", ", dirs));
    }

    /** Starts a job of the pane (import, classify, export) with its first message; false when none can start now. */
    private boolean begin(Project p, String message) {
        if (p == null || importing.get()) {
            return false;
        }
        importCancel.set(false);
        importError.set(null);
        importing.set(true);
        importProgress.set(-1);
        importMessage.set(message);
        return true;
    }

    /** From any thread: the job has ended; {@code message} says how, {@code err} what went wrong (or null). */
    private void end(String message, ImportError err, boolean completed) {
        session.onFx(() -> {
            importing.set(false);
            if (completed) {
                importProgress.set(1);
            }
            importMessage.set(message);
            if (err != null) {
                importError.set(err);
            }
        });
    }

    public void cancelImport() {
        importCancel.set(true);
    }

    /**
     * File ▸ Classify…: runs the rule classifier (and the tool-selection and call-level rules) over the open project
     * on the project thread, with progress and cancel in the import pane; the ledger takes the labels in one
     * transaction (a cancel rolls it back: the project is unchanged); then the table and agreement are re-read.
     */
    public void classify(RuleClassifier.Mode mode) {
        Project p = session.project();
        TraceTable.Filter f = session.filterProperty().get();
        TraceTable.Sort s = session.state().sortProperty().get();
        if (!begin(p, "Classifying with the rule (" + mode.code() + ")…")) {
            return;
        }
        session.submit(() -> {
            try {
                org.tracejudge.classify.RuleLabeller.Result r = org.tracejudge.classify.RuleLabeller.classify(
                        p, org.tracejudge.classify.RuleLabeller.Options.of(mode).withProgress((done, of) -> {
                            if (importCancel.get()) {
                                throw new java.util.concurrent.CancellationException();
                            }
                            session.onFx(() -> importProgress.set(of == 0 ? -1 : (double) done / of));
                        }));
                org.tracejudge.classify.SelectionLabeller.Result sr =
                        org.tracejudge.classify.SelectionLabeller.classify(p);
                org.tracejudge.classify.CallLabeller.Result calls =
                        org.tracejudge.classify.CallLabeller.classify(p, r.rater());
                StringBuilder text = new StringBuilder(String.format(
                        "Classified %,d traces as rater '%s' (%s mode): ",
                        r.traces() - r.runErrors() - r.noExpectedCall(), r.rater(), mode.code()));
                List<String> parts = new ArrayList<>(); // per task type: its labels with counts
                r.counts().forEach((type, m) -> {
                    List<String> labels = new ArrayList<>();
                    m.forEach((label, c) -> labels.add(label + " " + c));
                    parts.add(type + ": " + String.join(", ", labels));
                });
                text.append(String.join("; ", parts))
                        .append("\nledger: ")
                        .append(r.written())
                        .append(" entries appended");
                if (r.runErrors() > 0) {
                    text.append("; ")
                            .append(r.runErrors())
                            .append(
                                    " not classified (the run recorded an error instead of finishing; the rule judges no such run)");
                }
                if (r.noExpectedCall() > 0) {
                    text.append("; ")
                            .append(r.noExpectedCall())
                            .append(" not classified (the run names no expected call: "
                                    + "judge it with a judge or by hand)");
                }
                if (sr.traces() > 0) {
                    text.append(String.format(
                            "%n%,d tool-selection traces as rater 'rule'", sr.traces() - sr.noScenario()));
                    if (sr.noScenario() > 0) {
                        text.append("; ")
                                .append(sr.noScenario())
                                .append(" not classified (their scenario's tools unknown)");
                    }
                }
                if (calls.traces() > 0) {
                    text.append(String.format("%n%,d call-level traces", calls.traces()));
                }
                String done = text.toString();
                session.contentChanged(); // the trace view shows the stored rule label and its evidence now
                end(done, null, true);
                session.readOnWorker(p, f, s, true);
            } catch (java.util.concurrent.CancellationException e) {
                end("Classify cancelled; the project is unchanged.", null, false);
            } catch (RuntimeException e) {
                ImportError err =
                        new ImportError("Classify failed; the project is unchanged: " + e.getMessage(), null, -1);
                end("Classify failed; the project is unchanged.", err, false);
            }
        });
    }

    /**
     * File ▸ Export labels (CSV)…: the labels table as {@code labels --format csv} prints it — every rater's label,
     * each person's decision with its rationale, ensemble, final, the flag and the comments — written on the project
     * thread through {@link org.tracejudge.output.OutputFile} (the file appears whole or not at all).
     */
    public void exportLabels(Path out) {
        Project p = session.project();
        if (!begin(p, "Exporting the labels to " + out.getFileName() + "…")) {
            return;
        }
        session.submit(() -> {
            try {
                org.tracejudge.export.LabelsTable.Summary s = org.tracejudge.export.LabelsTable.writeCsv(p, out);
                String text = String.format(
                        "Exported the labels of %,d traces (with rationales and comments) to %s%s",
                        s.traces(),
                        out,
                        s.conflicts() == 0
                                ? ""
                                : String.format("; %,d conflicting decisions are marked \"conflict:\"", s.conflicts()));
                end(text, null, true);
                session.onFx(() -> session.setStatus(text));
            } catch (RuntimeException e) {
                ImportError err = new ImportError(String.valueOf(e.getMessage()), out.toString(), -1);
                end("Labels export failed; nothing was written.", err, false);
                session.onFx(() -> session.setStatus("Labels export failed: " + e.getMessage()));
            }
        });
    }

    /**
     * File ▸ Export…: writes the project as JSONL (the CLI's export) on the project thread into a file beside
     * {@code out}, moved into place at the end; a cancel leaves {@code out} as it was.
     */
    public void export(Path out) {
        Project p = session.project();
        if (!begin(p, "Exporting to " + out.getFileName() + "…")) {
            return;
        }
        session.submit(() -> {
            Path tmp = out.toAbsolutePath().resolveSibling(out.getFileName() + ".exporting");
            try {
                org.tracejudge.export.JsonlExporter.Summary s = org.tracejudge.export.JsonlExporter.export(p, tmp);
                if (importCancel.get()) {
                    java.nio.file.Files.deleteIfExists(tmp);
                    end("Export cancelled; " + out.getFileName() + " was not written.", null, false);
                    return;
                }
                java.nio.file.Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                String text = String.format(
                        "Exported %,d tasks, %,d traces, %,d label entries, %,d adjudication entries (each decision and "
                                + "each later change), %,d comments and flags to %s",
                        s.tasks(), s.traces(), s.labels(), s.adjudications(), s.comments(), out);
                end(text, null, true);
            } catch (java.io.IOException | RuntimeException e) {
                try {
                    java.nio.file.Files.deleteIfExists(tmp);
                } catch (java.io.IOException ignored) {
                    // the partial file is harmless
                }
                ImportError err = new ImportError(String.valueOf(e.getMessage()), out.toString(), -1);
                end("Export failed; nothing was written.", err, false);
            }
        });
    }

    /**
     * File ▸ Export report…: the study report (the command line's {@code report}) gathered on the project thread, with
     * a step of progress per section and Cancel between sections; the page is written through {@code OutputFile}
     * (never over the project or its side files), so a cancel or a failure leaves {@code out} as it was.
     */
    public void exportReport(Path out) {
        Project p = session.project();
        Path file = session.projectFile();
        if (!begin(p, "Making the study report " + out.getFileName() + "…")) {
            return;
        }
        session.submit(() -> {
            try {
                org.tracejudge.output.OutputFile.check(out, java.util.List.of(file));
                org.tracejudge.report.StudyReport.Report r = org.tracejudge.report.StudyReport.collect(
                        p,
                        file,
                        null,
                        "Tracejudge " + versionText(),
                        (done, of, what) -> session.onFx(() -> {
                            importProgress.set(of == 0 ? -1 : (double) done / of);
                            importMessage.set("Making the study report: " + what + "…");
                        }),
                        importCancel::get);
                String html = org.tracejudge.report.ReportHtml.render(r);
                org.tracejudge.output.OutputFile.write(
                        out,
                        tmp -> {
                            java.nio.file.Files.writeString(tmp, html, java.nio.charset.StandardCharsets.UTF_8);
                            return null;
                        },
                        file);
                String text = "Wrote the study report to " + out
                        + (r.missing().isEmpty()
                                ? ""
                                : " (without: " + String.join(", ", r.missing().keySet()) + ")");
                end(text, null, true);
                session.onFx(() -> session.setStatus(text));
            } catch (org.tracejudge.report.StudyReport.Cancelled e) {
                end("Report cancelled; " + out.getFileName() + " was not written.", null, false);
            } catch (java.io.IOException | RuntimeException e) {
                ImportError err = new ImportError(String.valueOf(e.getMessage()), out.toString(), -1);
                end("The study report failed; nothing was written.", err, false);
                session.onFx(() -> session.setStatus("Study report failed: " + e.getMessage()));
            }
        });
    }

    private static String versionText() {
        String v = ImportViewModel.class.getPackage().getImplementationVersion();
        return (v == null ? "(development build)" : v) + ", Java " + System.getProperty("java.version");
    }
}
