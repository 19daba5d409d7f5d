package org.tracejudge.cli;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.tracejudge.importer.ImportReport;
import org.tracejudge.receive.ListenAddress;
import org.tracejudge.receive.Receiver;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
        name = "receive",
        description = "Receive traces straight from a running agent: an OTLP/HTTP endpoint (POST /v1/traces, /v1/logs "
                + "and Langfuse's /api/public/otel/v1/traces; JSON or protobuf, plain or gzip) that writes each run into "
                + "PROJECT once it is complete (its root span arrived and nothing more for --quiet-period), one "
                + "transaction per run. Point the agent at it with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318. "
                + "Ctrl-C writes the runs still in flight and says what was kept.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  tracejudge receive agent.tjdb",
            "  OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 node my-agent.js   # in another terminal",
            "  RECEIVE_TOKEN=$(openssl rand -hex 16) tracejudge receive agent.tjdb --listen 0.0.0.0:4318 "
                    + "--token-env RECEIVE_TOKEN"
        })
final class ReceiveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--listen",
            defaultValue = "127.0.0.1:4318",
            paramLabel = "HOST:PORT",
            description = "Where to listen (default: ${DEFAULT-VALUE}, this computer only; port 0 picks a free one). "
                    + "Any address that is not loopback needs --token-env.")
    String listen;

    @Option(
            names = "--token-env",
            paramLabel = "VAR",
            description = "The environment variable holding the token senders must give as 'Authorization: Bearer "
                    + "TOKEN' (the token itself is never on the command line, where other users could read it).")
    String tokenEnv;

    @Option(
            names = "--quiet-period",
            defaultValue = "3",
            paramLabel = "SECONDS",
            description = "A run is complete when its root span arrived and nothing of it came for this long "
                    + "(default: ${DEFAULT-VALUE} s).")
    double quietSeconds;

    @Option(
            names = "--max-body",
            defaultValue = "32",
            paramLabel = "MB",
            description = "The largest request body taken, plain and inflated (default: ${DEFAULT-VALUE} MB); larger "
                    + "ones get 413.")
    int maxBodyMb;

    @Override
    public Integer call() throws Exception {
        Receiver.Options options = options();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean quiet = TracejudgeCli.verbosity(spec) == TracejudgeCli.Verbosity.QUIET;
        CountDownLatch stopped = new CountDownLatch(1);
        Project p = Project.open(project.path, Project.OpenOptions.createIfMissing(null));
        Receiver receiver;
        try {
            receiver = Receiver.start(p, options, new Said(out, err, quiet));
        } catch (java.io.IOException e) {
            p.close();
            err.println("tracejudge: receive: cannot listen on " + listen + ": " + e.getMessage());
            return TracejudgeCli.ExitCodes.FAILED;
        }
        InetSocketAddress at = receiver.address();
        String url = ListenAddress.url(at);
        if (!quiet) {
            err.println("receiving OTLP into " + project + " at " + url + " (set OTEL_EXPORTER_OTLP_ENDPOINT=" + url
                    + " in the agent's environment); Ctrl-C stops");
            err.flush();
        }
        // Ctrl-C (exit 130): stop listening, write the runs in flight, close the project cleanly, say what was kept
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            Receiver.Summary s = receiver.stop();
                            p.close();
                            err.println(summary(s));
                            err.flush();
                            stopped.countDown();
                        },
                        "receive-stop"));
        stopped.await();
        return 0;
    }

    private Receiver.Options options() {
        InetSocketAddress address;
        try {
            address = ListenAddress.parse(listen);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--listen: " + e.getMessage());
        }
        String token = null;
        if (tokenEnv != null) {
            token = System.getenv(tokenEnv);
            if (token == null || token.isBlank()) {
                throw new ParameterException(
                        spec.commandLine(), "--token-env: the environment variable " + tokenEnv + " is not set");
            }
        }
        if (quietSeconds <= 0 || quietSeconds > 3600) {
            throw new ParameterException(spec.commandLine(), "--quiet-period: give 0-3600 seconds (more than 0)");
        }
        if (maxBodyMb < 1 || maxBodyMb > 1024) {
            throw new ParameterException(spec.commandLine(), "--max-body: give 1-1024 MB");
        }
        try {
            return new Receiver.Options(
                    address,
                    token,
                    Duration.ofMillis(Math.round(quietSeconds * 1000)),
                    maxBodyMb << 20,
                    256L << 20,
                    64);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--listen: " + e.getMessage() + "; add --token-env VAR");
        }
    }

    static String summary(Receiver.Summary s) {
        StringBuilder sb = new StringBuilder("receive: kept ")
                .append(s.runsWritten())
                .append(s.runsWritten() == 1 ? " run" : " runs")
                .append(" (")
                .append(s.tracesNew())
                .append(s.tracesNew() == 1 ? " new trace) from " : " new traces) from ")
                .append(s.spans())
                .append(" spans and ")
                .append(s.logs())
                .append(" log records in ")
                .append(s.requests())
                .append(s.requests() == 1 ? " request" : " requests");
        if (s.runsCompleted() > 0) {
            sb.append("; ")
                    .append(s.runsCompleted())
                    .append(s.runsCompleted() == 1 ? " stored run" : " stored runs")
                    .append(" completed by log records that came after it");
        }
        if (s.duplicates() > 0) {
            sb.append("; ").append(s.duplicates()).append(" repeated (retries) added nothing");
        }
        if (s.late() > 0) {
            sb.append("; ")
                    .append(s.late())
                    .append(" spans came after their run was written and were not added (a longer --quiet-period"
                            + " waits for them)");
        }
        if (s.withoutTrace() > 0) {
            sb.append("; ").append(s.withoutTrace()).append(" spans or log records had no trace id and were not kept");
        }
        if (s.throttled() > 0) {
            sb.append("; ").append(s.throttled()).append(" requests were asked to retry (503: the writer was behind)");
        }
        if (s.refused() > 0) {
            sb.append("; ")
                    .append(s.refused())
                    .append(" runs were refused by the import and kept as files: ")
                    .append(String.join(
                            ", ", s.keptAside().stream().map(String::valueOf).toList()));
        }
        return sb.toString();
    }

    /** A trace id as sent (any text): control characters shown as escapes, never sent to the terminal. */
    static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    /** Says each run as it is written. */
    private record Said(PrintWriter out, PrintWriter err, boolean quiet) implements Receiver.Listener {
        @Override
        public void written(List<Receiver.Written> runs, ImportReport report) {
            if (!quiet) {
                String contents = report.files().isEmpty()
                        ? "nothing"
                        : report.files().get(0).summary().replaceFirst("^[^:]*: ", "");
                for (Receiver.Written r : runs) {
                    out.println("run " + printable(r.traceId()) + ": " + r.spans() + " spans, " + r.logs()
                            + " log records" + (runs.size() == 1 ? ": " + contents : ""));
                }
                if (runs.size() > 1) {
                    out.println("  (" + runs.size() + " runs written together: " + contents + ")");
                }
                out.flush();
            }
        }

        @Override
        public void refused(String traceId, String why, java.nio.file.Path keptAs) {
            err.println(
                    "receive: run " + printable(traceId) + " was not imported: " + why + " (kept as " + keptAs + ")");
            err.flush();
        }
    }
}
