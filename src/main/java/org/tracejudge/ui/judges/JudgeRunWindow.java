package org.tracejudge.ui.judges;

import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.tracejudge.judges.AskedScheme;
import org.tracejudge.judges.ConnectionCheck;
import org.tracejudge.judges.JudgeConfig;
import org.tracejudge.judges.JudgeListener;
import org.tracejudge.judges.JudgeStore;
import org.tracejudge.judges.ProviderPreset;
import org.tracejudge.judges.RemotePreview;
import org.tracejudge.judges.RunReport;
import org.tracejudge.judges.prompt.RubricLibrary;
import org.tracejudge.redaction.Redactor;

/**
 * Judges ▸ Run a judge: pick a saved judge or name a new one, choose a server from the presets (local Ollama,
 * vLLM, LM Studio; OpenAI; Anthropic; any OpenAI-compatible server), the model, the rubric, the environment
 * variable holding the key (never the key itself) and the concurrency; test the connection; start. Progress,
 * time left, requests and tokens show as answers are committed; Cancel stops at once and keeps every answer;
 * the table and agreement take the new labels in as the run goes (every few seconds) and at its end.
 */
public final class JudgeRunWindow {
    private static final long REFRESH_EVERY_MILLIS = 3_000;

    private final JudgeRunViewModel vm;
    private final Stage stage = new Stage();
    private final ComboBox<String> name = new ComboBox<>();
    private final ComboBox<ProviderPreset> preset = new ComboBox<>();
    private final TextField baseUrl = new TextField();
    private final TextField model = new TextField();
    private final ComboBox<String> rubric = new ComboBox<>();
    /** Shown instead of the rubric when the project has a scheme of its own: what its judges ask. */
    private final Label schemeLine = new Label();

    private final Label rubricLabel = new Label("Rubric");
    private final TextField keyVar = new TextField();
    private final Spinner<Integer> concurrency = new Spinner<>(1, 64, JudgeConfig.DEFAULT_CONCURRENCY);
    private final Label where = new Label();
    private final Label privacy = new Label();
    /** The project's redaction mode (on, remote, off), read when the window opens. */
    private String redactionMode = "off";

    private final Label check = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final Label progressText = new Label("Not started.");
    private final Button test = new Button("Test connection");
    private final Button start = new Button("Start");
    private final Button cancel = new Button("Cancel run");
    private final javafx.scene.control.TextArea previewText = new javafx.scene.control.TextArea();
    private final javafx.scene.control.ComboBox<JudgeRunViewModel.Scope> scope = new javafx.scene.control.ComboBox<>();
    private final javafx.scene.control.Spinner<Integer> sampleSize =
            new javafx.scene.control.Spinner<>(1, 100_000, 50, 10);
    private Runnable cancelRun;
    /** The judge name the window chose (not typed by the user): it follows the server preset. */
    private String autoName;

    private RunReport lastReport;
    private long lastRefresh;

    public JudgeRunWindow(Window owner, JudgeRunViewModel vm) {
        this.vm = vm;
        stage.initOwner(owner);
        stage.setTitle("Run a judge — " + vm.titleProperty().get().replace("Tracejudge — ", ""));

        name.setId("judgeName");
        name.setEditable(true);
        name.setPromptText("a name for this judge, e.g. local-tree");
        name.setOnAction(e -> loadSaved(name.getEditor().getText()));
        preset.setId("judgePreset");
        preset.getItems().setAll(ProviderPreset.ALL);
        preset.setOnAction(e -> applyPreset());
        baseUrl.setId("judgeBaseUrl");
        model.setId("judgeModel");
        rubric.setId("judgeRubric");
        rubric.getItems().setAll(RubricLibrary.OVERLAYS);
        rubric.setValue(RubricLibrary.DECISION_TREE);
        keyVar.setId("judgeKeyVar");
        keyVar.setPromptText("none (local server)");
        concurrency.setEditable(true);
        baseUrl.textProperty().addListener((o, a, b) -> describeWhere());

        GridPane form = new GridPane();
        javafx.scene.layout.ColumnConstraints labels = new javafx.scene.layout.ColumnConstraints();
        labels.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // "Concurrent requests" whole
        form.getColumnConstraints().add(labels);
        form.setHgap(10);
        form.setVgap(8);
        int row = 0;
        form.addRow(row++, new Label("Judge"), name);
        form.addRow(row++, new Label("Server"), preset);
        form.addRow(row++, new Label("Base URL"), baseUrl);
        form.addRow(row++, new Label("Model"), model);
        schemeLine.setId("judgeScheme");
        schemeLine.setWrapText(true);
        schemeLine.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        schemeLine.setVisible(false);
        schemeLine.setManaged(false);
        javafx.scene.layout.StackPane asks = new javafx.scene.layout.StackPane(rubric, schemeLine);
        asks.setAlignment(Pos.CENTER_LEFT);
        GridPane.setHgrow(asks, Priority.ALWAYS);
        form.addRow(row++, rubricLabel, asks);
        form.addRow(row++, new Label("API key variable"), keyVar);
        form.addRow(row++, new Label("Concurrent requests"), concurrency);
        scope.setId("judgeScope");
        scope.getItems().setAll(JudgeRunViewModel.Scope.values());
        scope.setValue(JudgeRunViewModel.Scope.ALL);
        sampleSize.setId("judgeSampleSize");
        sampleSize.setEditable(true);
        sampleSize.disableProperty().bind(scope.valueProperty().isNotEqualTo(JudgeRunViewModel.Scope.SAMPLE));
        HBox which = new HBox(8, scope, sampleSize);
        which.setAlignment(Pos.CENTER_LEFT);
        form.addRow(row++, new Label("Traces"), which);
        for (javafx.scene.control.Control n : List.of(name, preset, baseUrl, model, rubric, keyVar)) {
            GridPane.setHgrow(n, Priority.ALWAYS);
            n.setMaxWidth(Double.MAX_VALUE);
        }
        where.setWrapText(true);
        where.getStyleClass().add("row-count");
        where.setId("judgeWhere");
        privacy.setId("judgePrivacy");
        privacy.setWrapText(true);
        privacy.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrapped whole, never elided
        where.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        privacy.getStyleClass().add("row-count");
        check.setId("judgeCheck");
        check.setWrapText(true);

        test.setId("judgeTest");
        test.setOnAction(e -> testConnection());
        start.setId("judgeStart");
        start.setDefaultButton(true);
        start.setOnAction(e -> startRun());
        cancel.setId("judgeCancel");
        cancel.setDisable(true);
        cancel.setOnAction(e -> {
            if (cancelRun != null) {
                cancelRun.run();
                progressText.setText(progressText.getText() + " — cancelling, keeping every answer…");
            }
        });
        Button preview = new Button("Preview what is sent…");
        preview.setId("judgePreview");
        preview.setOnAction(e -> showPreview());
        previewText.setId("judgePreviewText");
        previewText.setEditable(false);
        previewText.setWrapText(true);
        previewText.setPrefRowCount(8);
        previewText.setVisible(false);
        previewText.setManaged(false);
        HBox buttons = new HBox(8, test, preview, start, cancel);
        buttons.setAlignment(Pos.CENTER_LEFT);
        progress.setId("judgeProgress");
        progress.setMaxWidth(Double.MAX_VALUE);
        progressText.setId("judgeProgressText");
        progressText.setWrapText(true);

        VBox root = new VBox(10, form, where, privacy, buttons, check, previewText, progress, progressText);
        root.setPadding(new Insets(14));
        Scene scene = new Scene(root, 660, 680);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE && cancelRun == null) {
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (cancelRun != null) {
                cancelRun.run(); // closing the window stops the run; what was answered stays
            }
        });
        fill(JudgeConfig.defaults("local-tree"));
        autoName = "local-tree";
    }

    /** The name a new judge gets for a server preset: where it runs and the rubric ("openai-tree"). */
    static String defaultName(ProviderPreset p) {
        // where the traces go decides the name: a server on this computer is local whatever its preset
        if (p == null || p.local() || org.tracejudge.judges.Loopback.isLocal(p.baseUrl())) {
            return "local-tree";
        }
        String first = p.label().split("[^A-Za-z0-9]+")[0].toLowerCase(Locale.ROOT);
        return (first.equals("other") ? "remote" : first) + "-tree";
    }

    public Stage stage() {
        return stage;
    }

    public RunReport lastReport() {
        return lastReport;
    }

    /** Shows the window and lists the project's saved judges (the first one is loaded). */
    public void open() {
        stage.show();
        stage.toFront();
        vm.query(
                RemotePreview::mode,
                mode -> {
                    redactionMode = mode;
                    describeWhere();
                },
                msg -> privacy.setText(msg));
        vm.query(AskedScheme::of, this::showScheme, msg -> check.setText("Cannot read the project's scheme: " + msg));
        vm.query(
                JudgeStore::names,
                names -> {
                    name.getItems().setAll(names);
                    if (!names.isEmpty()) {
                        name.setValue(names.get(0));
                        loadSaved(names.get(0));
                    }
                },
                msg -> check.setText("Cannot read the saved judges: " + msg));
    }

    /**
     * A project with a scheme of its own: its judges answer the scheme's questions, so the line naming the scheme and
     * its version takes the rubric choice's place; without one the rubric is chosen as always.
     */
    private void showScheme(AskedScheme s) {
        boolean own = s != null;
        rubric.setVisible(!own);
        rubric.setManaged(!own);
        schemeLine.setVisible(own);
        schemeLine.setManaged(own);
        rubricLabel.setText(own ? "Questions" : "Rubric");
        schemeLine.setText(
                own
                        ? "Asks the scheme '" + s.name() + "' v" + s.version() + ": " + s.questions()
                                + (s.questions() == 1 ? " question" : " questions")
                        : "");
    }

    private void loadSaved(String judge) {
        if (judge == null || judge.isBlank()) {
            return;
        }
        vm.query(
                p -> JudgeStore.load(p, judge.strip()),
                cfg -> {
                    if (cfg != null) {
                        fill(cfg);
                        autoName = null; // a saved judge keeps its name
                        check.setText("Saved judge " + cfg.name() + ": its settings are loaded.");
                    } else {
                        check.setText("A new judge: its settings are saved in the project when it runs.");
                    }
                },
                msg -> check.setText(msg));
    }

    /** True while {@link #fill} sets the fields: choosing the preset then must not overwrite them. */
    private boolean filling;

    private void fill(JudgeConfig cfg) {
        name.getEditor().setText(cfg.name());
        ProviderPreset p = ProviderPreset.matching(cfg);
        if (p == null) {
            // a server of its own (another port, 127.0.0.1…): shown as the nearest preset, its URL kept
            p = ProviderPreset.ALL.stream()
                    .filter(x -> x.provider() == cfg.provider())
                    .reduce((a, b) -> b)
                    .orElse(null);
        }
        filling = true;
        try {
            preset.setValue(p);
        } finally {
            filling = false;
        }
        baseUrl.setText(cfg.baseUrl());
        model.setText(cfg.model());
        rubric.setValue(cfg.rubric());
        keyVar.setText(cfg.apiKeyEnv() == null ? "" : cfg.apiKeyEnv());
        concurrency.getValueFactory().setValue(cfg.concurrency());
        describeWhere();
    }

    private void applyPreset() {
        ProviderPreset p = preset.getValue();
        if (p == null || filling) {
            return;
        }
        baseUrl.setText(p.baseUrl());
        String typed = name.getEditor().getText() == null
                ? ""
                : name.getEditor().getText().strip();
        if (typed.isEmpty() || typed.equals(autoName)) {
            autoName = defaultName(p); // "local-tree" is no name for an OpenAI judge
            name.getEditor().setText(autoName);
        }
        keyVar.setText(p.apiKeyEnv() == null ? "" : p.apiKeyEnv());
        if (model.getText().isBlank()
                || ProviderPreset.ALL.stream().anyMatch(x -> x.suggestedModel().equals(model.getText()))) {
            model.setText(p.suggestedModel());
        }
        describeWhere();
    }

    private void describeWhere() {
        try {
            JudgeConfig c = config();
            where.setText(
                    c.local()
                            ? "The traces stay on this computer."
                            : "The traces are sent to " + c.baseUrl() + " (not this computer).");
            boolean redacts = redactionMode.equals("on") || (redactionMode.equals("remote") && !c.local());
            privacy.setText(
                    redacts
                            ? "Redaction is on for this judge. " + Redactor.LIMITS
                            : "Redaction is off for this judge: the traces are sent as they are (project setting "
                                    + redactionMode
                                    + "; `tracejudge judge PROJECT --name NAME --redact` turns it on).");
        } catch (IllegalArgumentException e) {
            where.setText(e.getMessage());
        }
    }

    /** The configuration in the form. */
    public JudgeConfig config() {
        String n = name.getEditor().getText() == null
                ? ""
                : name.getEditor().getText().strip();
        ProviderPreset p = preset.getValue();
        JudgeConfig base = JudgeConfig.defaults(n.isEmpty() ? "unnamed" : n);
        if (p != null) {
            base = base.withProvider(p.provider());
        }
        return base.withBaseUrl(baseUrl.getText().strip())
                .withModel(model.getText().strip())
                .withRubric(rubric.getValue())
                .withApiKeyEnv(keyVar.getText().strip())
                .withLimits(concurrency.getValue(), 0);
    }

    /** The form's configuration, or null with the reason shown under the buttons. */
    private JudgeConfig configOrSay() {
        try {
            return config();
        } catch (IllegalArgumentException e) {
            check.setText(e.getMessage());
            return null;
        }
    }

    /** Shows exactly what the judge would send for the first trace it would judge (nothing is sent). */
    private void showPreview() {
        JudgeConfig cfg = configOrSay();
        if (cfg == null) {
            return;
        }
        previewText.setVisible(true);
        previewText.setManaged(true);
        previewText.setText("Building the request …");
        vm.preview(cfg, scope.getValue(), sampleSize.getValue(), previewText::setText);
    }

    private void testConnection() {
        JudgeConfig cfg = configOrSay();
        if (cfg == null) {
            return;
        }
        check.setText("Testing " + cfg.baseUrl() + " …");
        test.setDisable(true);
        Thread t = new Thread(
                () -> {
                    ConnectionCheck.Result r = ConnectionCheck.run(cfg, System::getenv);
                    Platform.runLater(() -> {
                        check.setText(r.message());
                        test.setDisable(false);
                    });
                },
                "judge-connection-test");
        t.setDaemon(true);
        t.start();
    }

    private void startRun() {
        if (name.getEditor().getText() == null || name.getEditor().getText().isBlank()) {
            check.setText("Give the judge a name: its labels appear in a column of that name.");
            return;
        }
        JudgeConfig cfg = configOrSay();
        if (cfg == null) {
            return;
        }
        start.setDisable(true);
        test.setDisable(true);
        cancel.setDisable(false);
        lastReport = null;
        progress.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
        progressText.setText("Starting " + cfg.name() + " …");
        lastRefresh = System.currentTimeMillis();
        long[] usage = new long[3];
        cancelRun = vm.runJudge(
                cfg,
                scope.getValue(),
                sampleSize.getValue(),
                new JudgeListener() {
                    @Override
                    public void progress(int done, int planned, long elapsedMillis, long etaMillis) {
                        Platform.runLater(() -> showProgress(done, planned, etaMillis, usage));
                        long now = System.currentTimeMillis();
                        if (now - lastRefresh >= REFRESH_EVERY_MILLIS) {
                            lastRefresh = now;
                            Platform.runLater(vm::refresh); // new labels flow into the table as they arrive
                        }
                    }

                    @Override
                    public void usage(long requests, long tokensIn, long tokensOut) {
                        usage[0] = requests;
                        usage[1] = tokensIn;
                        usage[2] = tokensOut;
                    }
                },
                report -> {
                    lastReport = report;
                    progress.setProgress(
                            report.planned() == 0
                                    ? 1
                                    : (double) (report.planned() - report.remaining()) / report.planned());
                    // why traces failed, grouped by reason (a stop's message and fix is shown above, in the check line)
                    StringBuilder text = new StringBuilder(report.summary());
                    report.failureLines().forEach(l -> text.append('\n').append(l));
                    report.refusedAnswers().forEach(l -> text.append('\n').append(l));
                    progressText.setText(text.toString());
                    finished();
                },
                msg -> {
                    // the run stopped: the bar stops, the reason shows where the user is looking (under the bar)
                    check.setText(msg);
                    progress.setProgress(0);
                    progressText.setText("Stopped: " + msg);
                    finished();
                });
    }

    private void showProgress(int done, int planned, long etaMillis, long[] usage) {
        progress.setProgress(planned == 0 ? 1 : (double) done / planned);
        progressText.setText(String.format(
                Locale.ROOT,
                "%,d of %,d traces · %s · %,d requests · tokens %,d in / %,d out",
                done,
                planned,
                etaMillis < 0 ? "estimating time left" : "about " + duration(etaMillis) + " left",
                usage[0],
                usage[1],
                usage[2]));
    }

    private void finished() {
        cancelRun = null;
        start.setDisable(false);
        test.setDisable(false);
        cancel.setDisable(true);
    }

    static String duration(long millis) {
        long s = Math.max(0, millis / 1000);
        return s < 60
                ? s + " s"
                : s < 3600 ? (s / 60) + " min " + (s % 60) + " s" : (s / 3600) + " h " + (s % 3600 / 60) + " min";
    }
}
