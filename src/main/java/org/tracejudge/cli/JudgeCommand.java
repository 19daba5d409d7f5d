package org.tracejudge.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.judges.JudgeRunner;
import org.tracejudge.judges.JudgeStore;
import org.tracejudge.judges.RemotePreview;
import org.tracejudge.judges.RunReport;
import org.tracejudge.judges.prompt.Rubric;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.redaction.Redactor;
import org.tracejudge.settings.AppDirs;
import org.tracejudge.store.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "judge",
        description = "Run an LLM judge over the traces that have no verdict from it yet. "
                + "The judge's settings are saved in the project under --name, so later runs need only --name. "
                + "Safe to interrupt (Ctrl-C): what was answered is kept, the next run sends only what is missing. "
                + "A project with its own scheme (tracejudge scheme P --set FILE) is judged on that scheme's "
                + "questions: the request carries the scheme's question block and its JSON Schema as structured "
                + "output, each answer is stored per question under the scheme version (an answer outside the scheme "
                + "or a quote the judge was not shown is refused with the reason; a quote of the redacted case is "
                + "stored over the trace's own text), and a new scheme version is judged again; the judge's version "
                + "follows what the scheme asks, not the rubric; --preview shows the request with its schema before "
                + "anything is sent.")
final class JudgeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectFile project;

    @Option(
            names = "--name",
            required = true,
            paramLabel = "NAME",
            description = "The judge's name: its column in `labels`.")
    String name;

    @Option(
            names = "--provider",
            paramLabel = "openai|anthropic",
            description = "Wire format: OpenAI-compatible chat completions or Anthropic Messages (new judge: openai).")
    String provider;

    @Option(
            names = "--base-url",
            paramLabel = "URL",
            description = "e.g. http://localhost:11434/v1 (Ollama, the default), https://api.openai.com/v1, "
                    + "https://api.anthropic.com.")
    String baseUrl;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "The judge model (new judge: " + JudgeConfig.DEFAULT_MODEL + ").")
    String model;

    @Option(
            names = "--rubric",
            paramLabel = "RUBRIC",
            description = "decision-tree or evidence; for tool-selection "
                    + "scenarios safety-decision-tree or safety-evidence (new judge: decision-tree).")
    String rubric;

    @Option(
            names = "--api-key-env",
            paramLabel = "VAR",
            description = "The environment variable holding the API key (the key itself is never stored or printed).")
    String apiKeyEnv;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Most requests in flight at once (new judge: " + JudgeConfig.DEFAULT_CONCURRENCY + ").")
    Integer concurrency;

    @Option(names = "--rpm", paramLabel = "N", description = "Most requests per minute, 0 = no limit (new judge: 0).")
    Integer rpm;

    @Option(
            names = "--max-tokens",
            paramLabel = "N",
            description = "Reply length limit (new judge: " + JudgeConfig.DEFAULT_MAX_TOKENS + ").")
    Integer maxTokens;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description = "Per request (new judge: " + JudgeConfig.DEFAULT_TIMEOUT_MILLIS / 1000 + ").")
    Double timeoutSeconds;

    @Option(
            names = "--structured-output",
            negatable = true,
            paramLabel = "",
            description = "Ask the server for JSON matching the verdict's schema (OpenAI-compatible response_format "
                    + "json_schema; Anthropic a forced tool); falls back to free text when the server refuses it "
                    + "(new judge: on; judges saved before this option: off). --no-structured-output turns it off.")
    Boolean structuredOutput;

    @Option(
            names = "--batch",
            description = "Submit through the provider's batch API (OpenAI Batch API, Anthropic "
                    + "Message Batches: half the price, results within 24 h) and wait for it with progress. Stopping the "
                    + "command keeps the batch id in the project: run the same command again to pick the batch up.")
    boolean batch;

    @Option(
            names = "--batch-poll",
            paramLabel = "SECONDS",
            defaultValue = "30",
            description = "How often to ask a batch for its progress (default: ${DEFAULT-VALUE}).")
    double batchPollSeconds;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "Judge at most N traces this run.")
    int limit;

    @Option(
            names = "--models",
            split = ",",
            paramLabel = "m1,m2",
            description = "Judge only the traces of these (agent) models.")
    List<String> models;

    @Option(
            names = "--retry-nulls",
            description = "Also re-ask for traces whose verdict from this judge is a null verdict.")
    boolean retryNulls;

    @Option(
            names = "--preview",
            paramLabel = "N",
            description = "Print exactly what would be sent for the next N traces "
                    + "(redacted when the project's redaction setting says so) and send nothing.")
    Integer preview;

    @Mixin
    OutputFormat.TextJson format;

    @Option(
            names = "--redact",
            arity = "0..1",
            fallbackValue = "on",
            paramLabel = "on|remote|off",
            description = "Save the project's redaction setting: on (every judge's input, local too), remote (judges "
                    + "not on this computer; the default for projects with safety-critical tools) or off (the default "
                    + "otherwise). --redact alone means on.")
    String redact;

    @Option(
            names = "--redact-strict",
            arity = "0..1",
            fallbackValue = "on",
            paramLabel = "on|off",
            description = "Save whether remote judges' redaction is strict (prefers over-redaction: capitalised "
                    + "unknown words, long numbers, every URL). --redact-strict alone means on.")
    String redactStrict;

    @Option(
            names = "--redact-allow",
            paramLabel = "WORDS",
            description =
                    "Save the project's words never to redact " + "(comma-separated; an empty value clears them).")
    String redactAllow;

    @Option(
            names = "--redact-deny",
            paramLabel = "TEXTS",
            description =
                    "Save the project's strings always to redact " + "(comma-separated; an empty value clears them).")
    String redactDeny;

    private void refuseBadNumbers() {
        String bad = concurrency != null && (concurrency < 1 || concurrency > 256)
                ? "--concurrency: 1 to 256, not " + concurrency
                : rpm != null && rpm < 0
                        ? "--rpm: 0 (no limit) or more, not " + rpm
                        : maxTokens != null && maxTokens < 1
                                ? "--max-tokens: at least 1, not " + maxTokens
                                : timeoutSeconds != null && !(timeoutSeconds > 0 && timeoutSeconds <= 86_400)
                                        ? "--timeout: seconds above 0 " + "(at most a day), not " + timeoutSeconds
                                        : limit < 0
                                                ? "--limit: 0 (no limit) or more, not " + limit
                                                : !(batchPollSeconds > 0 && batchPollSeconds <= 86_400)
                                                        ? "--batch-poll: seconds above 0 (at most a day), not "
                                                                + batchPollSeconds
                                                        : preview != null && preview < 1
                                                                ? "--preview: at least 1 trace, not " + preview
                                                                : null;
        if (bad != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), bad);
        }
    }

    @Override
    @SuppressWarnings("try") // the progress line is closed early (before the report prints), then again: a no-op
    public Integer call() throws Exception {
        refuseBadNumbers(); // a usage error (exit 2) naming the option, before the project is opened or changed
        // with --format json, stdout carries only the JSON summary: the judge's description goes to stderr
        PrintWriter out = !format.json() || preview != null
                ? spec.commandLine().getOut()
                : TracejudgeCli.verbosity(spec) == TracejudgeCli.Verbosity.QUIET
                        ? new PrintWriter(java.io.Writer.nullWriter())
                        : spec.commandLine().getErr();
        PrintWriter err = spec.commandLine().getErr();
        try (Project p = Project.open(project.path);
                JudgeProgress progress = JudgeProgress.forCommand(spec)) {
            if (redact != null) {
                RemotePreview.setMode(p, redact.toLowerCase(Locale.ROOT));
            }
            if (redactStrict != null) {
                String v = redactStrict.toLowerCase(Locale.ROOT);
                if (!v.equals("on") && !v.equals("off")) {
                    throw new picocli.CommandLine.ParameterException(
                            spec.commandLine(), "--redact-strict must be on or off, not '" + redactStrict + "'");
                }
                p.setMeta(RemotePreview.STRICT_KEY, v);
            }
            if (redactAllow != null) {
                p.setMeta(RemotePreview.ALLOW_KEY, redactAllow.strip());
            }
            if (redactDeny != null) {
                p.setMeta(RemotePreview.DENY_KEY, redactDeny.strip());
            }
            JudgeConfig saved = JudgeStore.load(p, name);
            JudgeConfig cfg = configure(saved == null ? JudgeConfig.defaults(name) : saved);
            Rubric r = new RubricLibrary(AppDirs.dataDir().resolve("rubrics")).rubric(cfg.rubric());
            JudgeRunner runner = new JudgeRunner(
                    p,
                    cfg,
                    r,
                    System::getenv,
                    new JudgeRunner.Options(
                            models, limit, retryNulls, null, batch, Math.max(1, Math.round(batchPollSeconds * 1000))),
                    progress);
            out.println((saved == null ? "new judge " : "judge ") + name + " (version " + runner.version() + "): "
                    + (runner.schemeJudge()
                            ? "the questions of scheme " + runner.schemeName()
                            : cfg.rubric() + " rubric")
                    + ", model " + cfg.model() + " via "
                    + cfg.provider().code() + " at "
                    + cfg.settings().baseUrl() + (cfg.structured() ? ", structured output" : ""));
            out.println(
                    cfg.local()
                            ? "  endpoint on this computer: the traces do not leave it"
                            : "  remote endpoint: the traces are sent to "
                                    + host(cfg.settings().baseUrl()));
            out.println(
                    runner.redacts()
                            ? "  redaction: on (each redaction shows its kind, e.g. [NAME], [IBAN]; project "
                                    + "setting " + RemotePreview.mode(p)
                                    + ("on".equals(p.meta(RemotePreview.STRICT_KEY)) && !cfg.local() ? ", strict" : "")
                                    + "). " + Redactor.LIMITS
                            : "  redaction: off (project setting " + RemotePreview.mode(p)
                                    + "; judge --redact turns it on)");
            out.flush();
            if (preview != null) {
                var previews = runner.preview(Math.max(1, preview));
                for (var pv : previews) {
                    out.println("--- request body (" + pv.redaction().spans().size() + " redactions) ---");
                    out.println(pv.body());
                }
                if (previews.isEmpty()) {
                    out.println(
                            runner.schemeJudge()
                                    ? "  nothing to send: every trace has answers from this judge under scheme "
                                            + runner.schemeName()
                                    : "  nothing to send: every trace has a verdict from this judge version");
                }
                return 0;
            }
            Thread hook = new Thread(
                    () -> {
                        runner.cancel();
                        try {
                            runner.awaitFinished(20_000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "judge-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            RunReport report;
            try {
                report = runner.run();
            } finally {
                progress.close();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it waits for us
                }
            }
            if (format.json()) {
                CliJson.print(spec.commandLine().getOut(), CliJson.document(spec, CliJson.snakeCase(report), "run"));
            }
            out.println(report.summary());
            out.printf(
                    Locale.ROOT,
                    "labelled %d  cached %d  null %d  failed %d  requests %d  tokens in %d  out %d%n",
                    report.labelled(),
                    report.cached(),
                    report.nulls(),
                    report.failed(),
                    report.requests(),
                    report.tokensIn(),
                    report.tokensOut());
            if (!report.failures().isEmpty()) {
                out.println("failures by reason:");
                for (String line : report.failureLines()) {
                    out.println("  " + line);
                }
                out.println("  (tracejudge explain " + project + " --trace ID shows a trace's verdicts and why)");
            }
            if (!report.refusedAnswers().isEmpty()) {
                // null verdicts of single questions: stored with the reason, asked again with --retry-nulls
                out.println("answers refused (null verdicts of their question, stored with the reason; "
                        + "--retry-nulls asks again):");
                for (String line : report.refusedAnswers()) {
                    out.println("  " + line);
                }
            }
            out.flush();
            if ("failed".equals(report.status())) {
                err.println("tracejudge: " + report.message());
                err.flush();
                return 1;
            }
            if ("cancelled".equals(report.status())) {
                return 130;
            }
            if (report.anyFailure()) {
                err.println(
                        report.nulls() + report.failed() == 0
                                ? "tracejudge: " + report.answersRefused() + " answers were refused; the reasons are "
                                        + "above"
                                : "tracejudge: " + (report.nulls() + report.failed()) + " of " + report.planned()
                                        + " traces failed (" + report.nulls() + " null verdicts, " + report.failed()
                                        + " left for the next run); the failures by reason are above");
                err.flush();
                return 1;
            }
            return 0;
        }
    }

    private JudgeConfig configure(JudgeConfig c) {
        if (provider != null) {
            c = c.withProvider(ProviderKind.fromCode(provider));
        }
        if (baseUrl != null) {
            c = c.withBaseUrl(baseUrl);
        }
        if (model != null) {
            c = c.withModel(model);
        }
        if (rubric != null) {
            c = c.withRubric(rubric);
        }
        if (apiKeyEnv != null) {
            c = c.withApiKeyEnv(apiKeyEnv);
        }
        if (concurrency != null || rpm != null) {
            c = c.withLimits(concurrency == null ? c.concurrency() : concurrency, rpm == null ? c.rpm() : rpm);
        }
        if (maxTokens != null) {
            c = c.withMaxTokens(maxTokens);
        }
        if (timeoutSeconds != null) {
            c = c.withTimeoutMillis((int) Math.round(timeoutSeconds * 1000));
        }
        if (structuredOutput != null) {
            c = c.withStructured(structuredOutput);
        }
        return c;
    }

    private static String host(String url) {
        okhttp3.HttpUrl u = okhttp3.HttpUrl.parse(url);
        return u == null ? url : u.host();
    }
}
