package org.tracejudge.importer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.model.Ids;
import org.tracejudge.model.RaterKind;
import org.tracejudge.store.LabelSummaryPause;
import org.tracejudge.store.Project;

/**
 * Imports files into a project as one transaction: every file is read and checked, and the project
 * changes only if all of them are good. Files are parsed in parallel; one writer stores the records.
 * Tasks are imported first, then traces, then verdicts about traces (judge files).
 */
public final class Importer {
    private static final Pattern RUN_STAMP = Pattern.compile("_(\\d{8}_\\d{6})\\.json$");
    private static final int CHUNK = 128;
    /** A chunk holding this many characters of turns is handed over early (80-turn conversations are ~100 KB each). */
    private static final long CHUNK_CHARS = 1L << 20;

    /** Bytes larger than this are not read whole (results files are ~10 MB; JSONL streams). */
    private static final long MAX_ARRAY_FILE = 1L << 30;

    private final Project project;
    private final ImportListener listener;
    private boolean addUnmatchedInputs;
    private volatile NltReaders.Inputs nltInputs = NltReaders.Inputs.NONE;
    private boolean replaceChanged;

    /**
     * With {@code true}, a trace already in the project whose content the files change is replaced: its earlier
     * labels are withdrawn in the ledger (they judged the old content). Without it such a trace refuses the import.
     */
    public Importer replacing(boolean on) {
        this.replaceChanged = on;
        return this;
    }

    private java.util.Set<String> replacePoorer = java.util.Set.of();

    /**
     * Traces replaced with {@link #replacing} even when the file's run has less than the project's (fewer tool calls
     * or turns, no answer): by default such a replacement is refused, naming what would be lost.
     */
    public Importer replacingPoorer(java.util.Collection<String> traceIds) {
        this.replacePoorer = java.util.Set.copyOf(traceIds);
        return this;
    }

    private Provenance provenance;

    /**
     * For {@code merge}: ledger entries (labels, decisions) are checked against {@code p}, which takes a source's own
     * people's work and refuses, entry by entry, what speaks for someone else ({@link Provenance}).
     */
    public Importer provenance(Provenance p) {
        this.provenance = p;
        return this;
    }

    private ConfigGate gate = new ConfigGate(java.util.Set.of());

    /**
     * The saved judges to take from the files by name (their endpoint and key variable were shown to the user); every
     * other judge's settings are left out and reported. See {@link ConfigGate}.
     */
    public Importer takingJudges(java.util.Set<String> names) {
        this.gate = new ConfigGate(names);
        return this;
    }

    public Importer(Project project, ImportListener listener) {
        this.project = project;
        this.listener = listener == null ? ImportListener.NONE : listener;
    }

    /**
     * NLT run rows that match no input of their scenario (by id, then exact text) are added as new inputs of that
     * scenario (with its tools) instead of refused.
     */
    public Importer addUnmatchedInputs(boolean add) {
        this.addUnmatchedInputs = add;
        return this;
    }

    /** One file to import, its format (AUTO to detect) and, for judge files, the rater's name. */
    public record Source(Path file, Format format, String rater, List<String> safetyCritical) {
        public Source(Path file, Format format, String rater) {
            this(file, format, rater, List.of());
        }
    }

    /** As {@link #importFiles(List, Format, String)}; {@code safetyCritical} flags tools of NLT scenario files. */
    public ImportReport importFiles(List<Path> files, Format format, String rater, List<String> safetyCritical) {
        List<Source> sources = new ArrayList<>();
        for (Path f : files) {
            sources.add(new Source(
                    f,
                    format == null ? Format.AUTO : format,
                    rater,
                    safetyCritical == null ? List.of() : safetyCritical));
        }
        return importSources(sources);
    }

    public ImportReport importFiles(List<Path> files, Format format, String rater) {
        List<Source> sources = new ArrayList<>();
        for (Path f : files) {
            sources.add(new Source(f, format == null ? Format.AUTO : format, rater));
        }
        return importSources(sources);
    }

    public ImportReport importSources(List<Source> requested) {
        List<Source> sources = new ArrayList<>();
        List<RuntimeException> encodings = checkEncodings(requested);
        for (int i = 0; i < requested.size(); i++) {
            Source s = requested.get(i);
            if (!Files.isRegularFile(s.file())) {
                throw new ImportException(
                        s.file(), -1, null, Files.exists(s.file()) ? "not a regular file" : "no such file");
            }
            if (encodings.get(i) != null) {
                throw encodings.get(i);
            }
            if (s.format() == Format.AUTO && isToolSchemaBesideItsTasks(s.file())) {
                if (requestsTasksBeside(requested, s.file())) {
                    continue; // read together with the tasks.json it belongs to
                }
                throw new ImportException(
                        s.file(),
                        -1,
                        null,
                        "a ToolFailBench tool schema file: it is read with the " + "tasks.json beside it, so import "
                                + s.file().resolveSibling(TASKS_FILE) + " instead");
            }
            Format f = s.format() == Format.AUTO ? FormatDetector.detect(s.file()) : s.format();
            String rater = f == Format.TOOLFAILBENCH_JUDGE
                    ? (s.rater() == null ? JudgeFileReader.raterFromFileName(s.file()) : s.rater())
                    : null;
            sources.add(new Source(s.file(), f, rater, s.safetyCritical()));
        }
        sources.sort(Comparator.comparingInt(s -> s.format().phase()));
        List<Path> scenarioFiles = sources.stream()
                .filter(s -> s.format() == Format.NLT_SCENARIO)
                .map(Source::file)
                .toList();
        NltReaders.checkSafetyCritical(
                scenarioFiles, requested.isEmpty() ? null : requested.get(0).safetyCritical());
        ImportReport report = new ImportReport();
        project.write(
                c -> {
                    // schema 16's per-entry summary trigger off for the import, the summary caught up at its end
                    LabelSummaryPause summary = LabelSummaryPause.pause(c);
                    ImportWriter writer = new ImportWriter(c);
                    writer.replaceChanged(replaceChanged);
                    writer.replacePoorer(replacePoorer);
                    writer.provenance(provenance);
                    writer.gate(gate);
                    writer.accept(
                            new Records.RaterRec(
                                    ResultsFileReader.HARNESS_ID,
                                    ResultsFileReader.HARNESS,
                                    RaterKind.IMPORTED,
                                    "",
                                    null,
                                    "The rule label the benchmark's harness computed at run time"),
                            null,
                            null);
                    Map<String, ResultsFileReader.SeenTask> seen = new ConcurrentHashMap<>();
                    for (int phase = 0; phase <= 2; phase++) {
                        List<Source> inPhase = new ArrayList<>();
                        for (Source s : sources) {
                            if (s.format().phase() == phase) {
                                inPhase.add(s);
                            }
                        }
                        if (inPhase.stream().anyMatch(s -> s.format() == Format.NLT)) {
                            writer.flush(); // the scenario files of this import are in the project now
                            nltInputs = NltReaders.Inputs.load(c, addUnmatchedInputs);
                        }
                        if (!inPhase.isEmpty()) {
                            runPhase(inPhase, writer, seen, report);
                        }
                    }
                    writer.completeStoredRuns(); // late log records of runs the project holds open
                    writer.dropReplacedTasks();
                    writer.finishTaskCounts();
                    if (listener.cancelled()) {
                        throw new ImportCancelledException();
                    }
                    writer.flush();
                    summary.resume();
                    return null;
                },
                Project.BULK_CACHE_MEBIBYTES);
        return report;
    }

    /**
     * Each file's UTF-8 check ({@link TextEncoding#requireUtf8}, a read of the whole file), on the cores there are:
     * nothing is imported before all have passed, so this is time the writer waits. The refusal of each file (null
     * when it passed), in the order given, for them to be reported in that order.
     */
    private static List<RuntimeException> checkEncodings(List<Source> requested) {
        return requested.parallelStream()
                .map(s -> {
                    if (!Files.isRegularFile(s.file())) {
                        return null; // refused as missing, before its encoding
                    }
                    try {
                        TextEncoding.requireUtf8(s.file());
                        return null;
                    } catch (RuntimeException e) {
                        return e;
                    }
                })
                .toList();
    }

    private static final String TASKS_FILE = "tasks.json";

    private static boolean isToolSchemaBesideItsTasks(Path file) {
        return file.getFileName().toString().equals("tools.json")
                && Files.isRegularFile(file.resolveSibling(TASKS_FILE));
    }

    private static boolean requestsTasksBeside(List<Source> requested, Path toolsFile) {
        Path tasks = toolsFile.toAbsolutePath().normalize().resolveSibling(TASKS_FILE);
        for (Source s : requested) {
            if (s.file().toAbsolutePath().normalize().equals(tasks)) {
                return true;
            }
        }
        return false;
    }

    /** A piece of work for the writer: records from one file, its end, or a reader's failure. */
    private record Chunk(
            int fileIndex,
            List<Records.Rec> recs,
            List<ImportWriter.Fingerprint> fingerprints,
            FileDone done,
            RuntimeException failure) {
        Chunk(int fileIndex, List<Records.Rec> recs, FileDone done, RuntimeException failure) {
            this(fileIndex, recs, null, done, failure);
        }
    }

    private record FileDone(String sourceId, String sha256, int rows) {}

    private void runPhase(
            List<Source> sources,
            ImportWriter writer,
            Map<String, ResultsFileReader.SeenTask> seen,
            ImportReport report)
            throws Exception {
        BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(16);
        int threads = Math.min(sources.size(), Math.max(1, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "import-reader");
            t.setDaemon(true);
            return t;
        });
        ExecutorService hasher = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "import-hasher");
            t.setDaemon(true);
            return t;
        });
        List<ImportReport.FileCounts> counts = new ArrayList<>();
        String[] sourceIds = new String[sources.size()];
        // OTLP files read whole are read as one: a run's spans and log records come in several requests (files)
        List<Source> otlpGroup = new ArrayList<>();
        for (Source s : sources) {
            if (s.format() == Format.OTLP && Files.size(s.file()) <= AgentFormats.wholeDocumentLimit()) {
                otlpGroup.add(s);
            }
        }
        if (otlpGroup.size() < 2) {
            otlpGroup = null;
        }
        OtlpFileGroup otlpGroupReader =
                otlpGroup == null ? null : new OtlpFileGroup(otlpGroup.get(0).file(), otlpGroup.size());
        try {
            for (int i = 0; i < sources.size(); i++) {
                Source s = sources.get(i);
                ImportReport.FileCounts fc =
                        new ImportReport.FileCounts(s.file().getFileName().toString(), s.format(), s.rater());
                fc.order = report.files().size() + i;
                fc.readWithOthers = otlpGroup != null && otlpGroup.contains(s);
                counts.add(fc);
                final int index = i;
                OtlpFileGroup group = otlpGroup != null && otlpGroup.contains(s) ? otlpGroupReader : null;
                pool.execute(() -> readOne(index, s, seen, queue, hasher, group)); // puts its own failure on the queue
            }
            int finished = 0;
            while (finished < sources.size()) {
                Chunk chunk = queue.poll(200, TimeUnit.MILLISECONDS);
                if (listener.cancelled()) {
                    throw new ImportCancelledException();
                }
                if (chunk == null) {
                    continue;
                }
                if (chunk.failure() != null) {
                    throw chunk.failure();
                }
                ImportReport.FileCounts fc = counts.get(chunk.fileIndex());
                if (chunk.recs() != null) {
                    Source s = sources.get(chunk.fileIndex());
                    if (sourceIds[chunk.fileIndex()] == null) {
                        sourceIds[chunk.fileIndex()] = sourceId(s);
                        writer.sourceFile(
                                sourceIds[chunk.fileIndex()],
                                s.file(),
                                s.format().code(),
                                s.rater());
                    }
                    var fingerprints = chunk.fingerprints().iterator();
                    for (Records.Rec r : chunk.recs()) {
                        writer.accept(
                                r,
                                sourceIds[chunk.fileIndex()],
                                fc,
                                r instanceof Records.TraceRec ? fingerprints.next() : null);
                    }
                    listener.written(writer.written());
                }
                if (chunk.done() != null) {
                    finished++;
                    fc.rows = chunk.done().rows();
                    Source s = sources.get(chunk.fileIndex());
                    writer.flush();
                    writer.source(
                            chunk.done().sourceId(),
                            s.file(),
                            chunk.done().sha256(),
                            s.format().code(),
                            s.rater(),
                            chunk.done().rows());
                }
            }
            counts.forEach(report::add);
        } finally {
            pool.shutdownNow();
            hasher.shutdownNow();
        }
    }

    private static String sourceId(Source s) {
        return Ids.of("source", s.file().toAbsolutePath().toString(), s.format().code(), s.rater());
    }

    /**
     * Reads one file on a worker thread, handing its records to the writer in chunks. The file's SHA-256 is needed
     * only at its end, unless a results file's run is named by it: then it is computed on {@code hasher} while the
     * file is parsed, and the writer has the file's first records sooner (it waits for them at the start).
     */
    private void readOne(
            int index,
            Source s,
            Map<String, ResultsFileReader.SeenTask> seen,
            BlockingQueue<Chunk> queue,
            ExecutorService hasher,
            OtlpFileGroup otlpGroup) {
        List<Records.Rec> buffer = new ArrayList<>(CHUNK);
        // each trace's fingerprint is computed here, off the writer's thread (the import's critical path)
        List<ImportWriter.Fingerprint> fingerprints = new ArrayList<>();
        int[] rows = {0};
        long[] chars = {0};
        java.util.function.Consumer<Records.Rec> out = rec -> {
            buffer.add(rec);
            if (rec instanceof Records.TraceRec
                    || rec instanceof Records.JudgeRec
                    || (rec instanceof Records.TaskRec
                            && (s.format() == Format.TOOLFAILBENCH_TASKS || s.format() == Format.NLT_SCENARIO))) {
                rows[0]++;
            }
            if (rec instanceof Records.TraceRec tr) {
                fingerprints.add(ImportWriter.Fingerprint.of(tr));
                if (tr.turns() != null) {
                    chars[0] += tr.turns().length(); // long conversations: bound the queue by size, not only by count
                }
            }
            if (buffer.size() >= CHUNK || chars[0] >= CHUNK_CHARS) {
                put(queue, new Chunk(index, new ArrayList<>(buffer), new ArrayList<>(fingerprints), null, null));
                buffer.clear();
                fingerprints.clear();
                chars[0] = 0;
            }
        };
        try {
            String sha;
            switch (s.format()) {
                case NLT_SCENARIO -> {
                    byte[] bytes = readWhole(s.file());
                    sha = Sha256.hex(bytes);
                    NltReaders.readScenario(s.file(), bytes, s.safetyCritical(), out);
                }
                case TOOLFAILBENCH_RESULTS, TOOLFAILBENCH_JUDGE, TOOLFAILBENCH_TASKS -> {
                    byte[] bytes = readWhole(s.file());
                    String stamp = runStamp(s.file());
                    if (s.format() == Format.TOOLFAILBENCH_RESULTS && stamp != null) {
                        Future<String> hash = hasher.submit(() -> Sha256.hex(bytes));
                        new ResultsFileReader(seen).read(s.file(), bytes, stamp, out, listener);
                        sha = join(hash);
                    } else if (s.format() == Format.TOOLFAILBENCH_RESULTS) {
                        sha = Sha256.hex(bytes);
                        new ResultsFileReader(seen).read(s.file(), bytes, run(s.file(), sha), out, listener);
                    } else if (s.format() == Format.TOOLFAILBENCH_JUDGE) {
                        sha = Sha256.hex(bytes);
                        String raterId = Ids.of("rater", s.rater(), "");
                        out.accept(new Records.RaterRec(raterId, s.rater(), RaterKind.IMPORTED, "", null, null));
                        new JudgeFileReader().read(s.file(), bytes, raterId, out, listener);
                    } else {
                        sha = Sha256.hex(bytes);
                        new TasksFileReader().read(s.file(), bytes, out);
                    }
                }
                case OTLP, LANGFUSE, INSPECT, ATIF, SWE_AGENT ->
                    sha = AgentFormats.read(s.file(), s.format(), out, listener, otlpGroup);
                default -> sha = readLines(s, out);
            }
            put(queue, new Chunk(index, new ArrayList<>(buffer), new ArrayList<>(fingerprints), null, null));
            long size = Files.size(s.file());
            listener.progress(s.file(), size, size);
            put(queue, new Chunk(index, null, new FileDone(sourceId(s), sha, rows[0]), null));
        } catch (ImportCancelledException e) {
            // the writer stopped taking chunks (another file failed first, or the import was cancelled): its own
            // reason is the one reported, and this thread ends quietly instead of printing a stack trace
        } catch (RuntimeException e) {
            report(queue, new Chunk(index, null, null, e));
        } catch (OutOfMemoryError t) {
            report(
                    queue,
                    new Chunk(
                            index,
                            null,
                            null,
                            new ImportException(
                                    s.file(),
                                    -1,
                                    null,
                                    "out of memory reading it (this "
                                            + "Java heap is "
                                            + (Runtime.getRuntime().maxMemory() >> 20)
                                            + " MB; a very long line or a huge "
                                            + "document): run Java with a larger heap (TRACEJUDGE_JAVA_OPTIONS=-Xmx4g before ./tracejudge or "
                                            + "the installed tracejudge; java -Xmx4g -jar tracejudge.jar … for the jar)")));
        } catch (Throwable t) {
            report(queue, new Chunk(index, null, null, new ImportException(s.file(), -1, null, String.valueOf(t))));
        }
    }

    /** Hands a reader's failure to the writer, unless the writer has already stopped for a reason of its own. */
    private static void report(BlockingQueue<Chunk> q, Chunk failure) {
        try {
            put(q, failure);
        } catch (ImportCancelledException stopped) {
            // nobody takes the queue any more: the writer's own failure or the cancel is what the user is told
        }
    }

    private String readLines(Source s, java.util.function.Consumer<Records.Rec> out) throws IOException {
        MessageDigest sha = sha256Digest();
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        long size = Files.size(s.file());
        try (DigestInputStream in =
                        new DigestInputStream(new ProgressStream(Files.newInputStream(s.file()), s.file(), size), sha);
                BufferedReader r = new BufferedReader(new InputStreamReader(in, decoder), 1 << 16)) {
            CountingReader counted = new CountingReader(r);
            try {
                switch (s.format()) {
                    case OPENAI -> new ChatTranscriptReader(false).read(s.file(), counted, out, listener);
                    case ANTHROPIC -> new ChatTranscriptReader(true).read(s.file(), counted, out, listener);
                    case TRACEJUDGE -> new WorkbenchJsonlReader().read(s.file(), counted, out, listener);
                    case NLT -> NltReaders.readRuns(s.file(), counted, out, listener, nltInputs);
                    case TOOLHAYSTACK -> new ToolHaystackReader().read(s.file(), counted, out, listener);
                    case DIABENCH -> new DiaBenchReader().read(s.file(), counted, out, listener);
                    default -> throw new IllegalStateException(s.format().code());
                }
            } catch (MalformedInputException e) {
                throw new ImportException(
                        s.file(),
                        counted.lines + 1,
                        null,
                        "not UTF-8 text (an invalid byte sequence); save the file as UTF-8 and import it again");
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Reports the bytes read of a file to the listener, every 256 kB. */
    private final class ProgressStream extends CountingStream {
        private final Path file;
        private final long size;
        private long read;
        private long reported;

        ProgressStream(java.io.InputStream in, Path file, long size) {
            super(in);
            this.file = file;
            this.size = size;
        }

        @Override
        void count(int n) {
            read += n;
            if (read - reported >= (1 << 18)) {
                reported = read;
                listener.progress(file, read, size);
            }
        }
    }

    /** Counts lines handed out, so a decoding error can name its line. */
    private static final class CountingReader extends BufferedReader {
        private final BufferedReader delegate;
        long lines;

        CountingReader(BufferedReader in) {
            super(in, 1);
            this.delegate = in;
        }

        /** Lines come straight from the wrapped reader: through this reader's one-char buffer, every char was a call. */
        @Override
        public String readLine() throws IOException {
            String l = delegate.readLine();
            if (l != null) {
                lines++;
            }
            return l;
        }
    }

    private static byte[] readWhole(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_ARRAY_FILE) {
            throw new ImportException(
                    file,
                    -1,
                    null,
                    "the file is " + (size >> 20) + " MB; JSON array files up to " + (MAX_ARRAY_FILE >> 20)
                            + " MB are supported — split it, or convert it to JSON Lines");
        }
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length >= 2
                && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                        || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            // UTF-16 with a byte-order mark: decode it once, then read it as UTF-8 like everything else
            String text = new String(bytes, StandardCharsets.UTF_16);
            bytes = text.getBytes(StandardCharsets.UTF_8);
        }
        return bytes;
    }

    /** The run a results file records: its name's timestamp, else its content hash. */
    static String run(Path file, String sha256) {
        String stamp = runStamp(file);
        return stamp != null ? stamp : "sha256:" + sha256.substring(0, 16);
    }

    /** The timestamp a results file's name gives its run, or null. */
    private static String runStamp(Path file) {
        Matcher m = RUN_STAMP.matcher(file.getFileName().toString());
        return m.find() ? m.group(1) : null;
    }

    /** The digest computed aside; a cancel while waiting for it stops this reader as any other wait does. */
    private static String join(Future<String> hash) {
        try {
            return hash.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImportCancelledException();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err; // out of memory: reported as the reader's own would be
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private static MessageDigest sha256Digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void put(BlockingQueue<Chunk> q, Chunk c) {
        try {
            while (!q.offer(c, 100, TimeUnit.MILLISECONDS)) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new ImportCancelledException();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImportCancelledException();
        }
    }
}
