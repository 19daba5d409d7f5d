package org.tracejudge.export;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tracejudge.agreement.AgreementCalculator;
import org.tracejudge.agreement.AgreementOptions;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.json.Json;
import org.tracejudge.output.OutputFile;
import org.tracejudge.store.LabelTables;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectException;
import org.tracejudge.store.TraceTable;

/**
 * A labelled dataset a Hugging Face user loads in one line (formats.md § 9): {@code DIR/data/train.jsonl}, one trace a
 * line with its task, answer, calls, every rater's and every person's current label, the final label and the share
 * of labels that agree with the item's most common one; and {@code DIR/README.md}, the dataset card with the YAML
 * header the Hub reads (licence, task category, size, the data file; the fields are described in the card's text,
 * since a features list that leaves out the nested fields would make the loader refuse them) and how the labels
 * were made: by
 * which raters and how many people, with the agreement figures. Each file goes through {@link OutputFile}.
 */
public final class DatasetExport {
    private DatasetExport() {}

    /** What was written. */
    public record Summary(int traces, int withFinal, int raters, int people) {}

    public static Summary write(Project project, Path dir) throws IOException {
        // the folder and everything made in it are outputs: never the project, a file, or a side file's name
        OutputFile.checkFolder(dir, List.of(project.file()));
        refuseAnotherCard(dir.resolve("README.md"));
        OutputFile.makeFolder(dir, List.of(project.file()));
        OutputFile.makeFolder(dir.resolve("data"), List.of(project.file()));
        TraceTable table = new TraceTable(project, TraceTable.layout(project, null));
        List<TraceTable.Column> raters = table.layout().raters();
        List<TraceTable.Column> people = table.layout().humans();
        TraceTable.Column fin = table.layout().column("final");
        List<String> ids = table.ids(TraceTable.Filter.NONE, TraceTable.Sort.DEFAULT);
        int[] withFinal = {0};
        OutputFile.write(dir.resolve("data").resolve("train.jsonl"), List.of(project.file()), tmp -> {
            try (OutputStream os = Files.newOutputStream(tmp);
                    JsonGenerator g = Json.FACTORY.createGenerator(os)) {
                g.setRootValueSeparator(null);
                for (int from = 0; from < ids.size(); from += 1000) {
                    List<String> chunk = ids.subList(from, Math.min(ids.size(), from + 1000));
                    Map<String, String[]> text = texts(project, chunk);
                    for (TraceTable.Row r : table.rows(chunk)) {
                        String[] t = text.getOrDefault(r.traceId(), new String[6]);
                        g.writeStartObject();
                        g.writeStringField("trace_id", r.traceId());
                        g.writeStringField("model", r.get("model"));
                        g.writeStringField("task_id", r.get("task"));
                        g.writeStringField("task_type", r.get("type"));
                        g.writeStringField("domain", r.get("domain"));
                        g.writeStringField("user_message", t[0]);
                        g.writeStringField("answer", t[1]);
                        g.writeFieldName("tool_calls");
                        g.writeRawValue(t[2] == null ? "[]" : t[2]);
                        Map<String, Integer> votes = new HashMap<>();
                        g.writeObjectFieldStart("labels");
                        for (TraceTable.Column c : raters) {
                            String v = r.get(c.key());
                            g.writeStringField(c.title(), v);
                            if (v != null) {
                                votes.merge(v, 1, Integer::sum);
                            }
                        }
                        g.writeEndObject();
                        g.writeObjectFieldStart("annotators");
                        for (TraceTable.Column c : people) {
                            String v = r.get(c.key());
                            g.writeStringField(c.ref(), v);
                            if (v != null) {
                                votes.merge(v, 1, Integer::sum);
                            }
                        }
                        g.writeEndObject();
                        String f = fin == null ? null : r.get(fin.key());
                        g.writeStringField("final_label", f);
                        if (f != null) {
                            withFinal[0]++;
                        }
                        int all = votes.values().stream()
                                .mapToInt(Integer::intValue)
                                .sum();
                        int top = votes.values().stream()
                                .mapToInt(Integer::intValue)
                                .max()
                                .orElse(0);
                        if (all >= 2) {
                            g.writeNumberField("agreement", (double) top / all);
                        } else {
                            g.writeNullField("agreement");
                        }
                        g.writeEndObject();
                        g.writeRaw('\n');
                    }
                }
            }
            return null;
        });
        AgreementReport agreement =
                new AgreementCalculator(AgreementOptions.defaults()).report(LabelTables.of(project));
        String card = signed(card(project, ids.size(), withFinal[0], raters, people, agreement));
        OutputFile.write(dir.resolve("README.md"), List.of(project.file()), tmp -> {
            Files.writeString(tmp, card, StandardCharsets.UTF_8);
            return null;
        });
        return new Summary(ids.size(), withFinal[0], raters.size(), people.size());
    }

    private static final String SIGNATURE = "<!-- written by tracejudge export --dataset; sha256 of the text above: ";

    /** The card with a last line that lets a later export tell it from a card edited or written by hand. */
    private static String signed(String card) {
        return card + SIGNATURE + sha256(card) + " -->\n";
    }

    /**
     * A card people edit (the licence it asks them to set, a description) or wrote themselves is never replaced: only
     * one exactly as an export wrote it is. Checked before anything is written.
     */
    private static void refuseAnotherCard(Path readme) throws IOException {
        if (!Files.exists(readme)) {
            return;
        }
        String text = Files.isRegularFile(readme) ? Files.readString(readme, StandardCharsets.ISO_8859_1) : "";
        int at = text.lastIndexOf(SIGNATURE);
        String body = at < 0
                ? null
                : new String(text.substring(0, at).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        if (at < 0 || !text.substring(at).equals(SIGNATURE + sha256(body) + " -->\n")) {
            throw new ProjectException(
                    readme + ": "
                            + (at < 0
                                    ? "a README that Tracejudge did not write"
                                    : "the dataset " + "card Tracejudge wrote, edited since (the licence?)")
                            + "; it is not replaced, and nothing was "
                            + "written. Export to a new folder, or move the README aside (then copy your edits into the new card).");
        }
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                            .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** user message, answer and the executed calls (JSON) of each trace. */
    private static Map<String, String[]> texts(Project project, List<String> ids) {
        return new org.tracejudge.store.ProjectQueries(project).texts(ids);
    }

    private static String card(
            Project p,
            int traces,
            int withFinal,
            List<TraceTable.Column> raters,
            List<TraceTable.Column> people,
            AgreementReport a) {
        String size = traces < 1_000
                ? "n<1K"
                : traces < 10_000
                        ? "1K<n<10K"
                        : traces < 100_000 ? "10K<n<100K" : traces < 1_000_000 ? "100K<n<1M" : "1M<n<10M";
        StringBuilder sb = new StringBuilder();
        sb.append("---\n");
        sb.append("license: other  # set the licence of your traces before publishing\n");
        sb.append("task_categories:\n- text-classification\n");
        sb.append("language:\n- en\n");
        sb.append("size_categories:\n- ").append(size).append('\n');
        sb.append("pretty_name: ").append(Json.write(p.name())).append('\n');
        sb.append("configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train.jsonl\n");
        sb.append("---\n\n");
        sb.append("# ").append(p.name()).append("\n\n");
        sb.append("Agent runs (a task, the tool calls the model made, its final answer) with the labels of ")
                .append(raters.size())
                .append(" machine rater")
                .append(raters.size() == 1 ? "" : "s");
        List<String> names = new ArrayList<>();
        raters.forEach(r -> names.add("`" + r.title() + "`"));
        if (!names.isEmpty()) {
            sb.append(" (").append(String.join(", ", names)).append(')');
        }
        sb.append(" and the decisions of ")
                .append(people.size())
                .append(people.size() == 1 ? " person" : " people")
                .append(", exported by Tracejudge. ")
                .append(withFinal)
                .append(" of ")
                .append(traces)
                .append(
                        " traces have a final label (a person's decision, else the ensemble of the rule and the judges).\n\n");
        sb.append("## Fields\n\n");
        sb.append("- `labels`: each machine rater's current label (null where it gave none)\n");
        sb.append("- `annotators`: each person's current decision\n");
        sb.append("- `final_label`: the latest human decision, else the ensemble\n");
        sb.append("- `agreement`: the share of the item's labels (raters and people) that equal its most common one\n");
        sb.append("- `tool_calls`: the calls the model executed, `{name, arguments}`\n\n");
        schemeSection(p, sb);
        sb.append("## Agreement\n\n");
        AgreementReport.Fleiss f = a.fleiss();
        sb.append(String.format(
                Locale.ROOT,
                "Over %d items: Fleiss' kappa %s %s, Gwet's AC1 %s %s (n = %d), "
                        + "Krippendorff's alpha %s %s; 95%% percentile bootstrap intervals over items.%n",
                a.nItems(),
                num(f.kappa()),
                ci(f.ci95()),
                num(f.ac1()),
                ci(f.ac1Ci95()),
                f.n(),
                num(a.alpha().value()),
                ci(a.alpha().ci95())));
        for (AgreementReport.Pair pair : a.pairwise()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "- %s vs %s: Cohen's kappa %s %s, n = %d%n",
                    pair.a(),
                    pair.b(),
                    num(pair.kappa()),
                    ci(pair.ci95()),
                    pair.n()));
        }
        return sb.toString();
    }

    /**
     * The project's own questions, when it has a scheme: each with its prompt, kind and options with their
     * definitions, so the answers in the data can be read without the workbench.
     */
    private static void schemeSection(Project p, StringBuilder sb) {
        org.tracejudge.store.SchemeVersions.Version v = p.read(org.tracejudge.store.SchemeVersions::current);
        if (v == null) {
            return;
        }
        org.tracejudge.scheme.Scheme scheme;
        try {
            scheme = org.tracejudge.scheme.SchemeFile.parse(v.body(), "scheme version " + v.version());
        } catch (org.tracejudge.scheme.SchemeException e) {
            throw new IllegalStateException("the project's scheme version " + v.version() + " is unreadable", e);
        }
        sb.append("## Annotation scheme\n\n");
        sb.append("`").append(scheme.name()).append("`, version ").append(v.version());
        if (!scheme.description().isEmpty()) {
            sb.append(": ").append(scheme.description().strip());
        }
        sb.append(" Answers are exported with `tracejudge labels --question all`.\n\n");
        for (org.tracejudge.scheme.Question q : scheme.questions()) {
            sb.append("- `").append(q.key()).append("` (").append(q.kind().words());
            if (!q.required()) {
                sb.append(", optional");
            }
            if (q.scale() != null) {
                sb.append(", ")
                        .append(q.scale().from())
                        .append("–")
                        .append(q.scale().to());
            }
            sb.append("): ").append(q.prompt().strip()).append('\n');
            for (org.tracejudge.scheme.Option o : q.options()) {
                sb.append("  - `").append(o.value()).append('`');
                if (!o.label().equals(o.value())) {
                    sb.append(" ").append(o.label());
                }
                if (!o.definition().isEmpty()) {
                    sb.append(": ").append(o.definition().strip());
                }
                if (o.safetyCritical()) {
                    sb.append(" (safety-critical)");
                }
                sb.append('\n');
            }
        }
        sb.append('\n');
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }

    private static String ci(double[] c) {
        return c == null ? "" : String.format(Locale.ROOT, "[%.3f, %.3f]", c[0], c[1]);
    }
}
