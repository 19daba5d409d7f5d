package org.tracejudge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.tracejudge.importer.ConfigGate;
import org.tracejudge.importer.ImportReport;

/**
 * {@code --take-judge NAME} of {@code import} and {@code merge}: the one way a saved judge (endpoint, key variable)
 * comes across from another laptop, by name, after its URL and variable were shown ({@link ConfigGate}).
 */
final class JudgeTaking {
    static final String OPTION = "--take-judge";
    static final String HELP = "Take the saved judge NAME from the sources (repeatable, or comma-separated). A judge's "
            + "base URL and API-key variable never arrive otherwise: without this option each is left out and listed "
            + "with its URL and variable; check them, then run again with this option.";

    private JudgeTaking() {}

    /** The judges of one source as JSON: name, provider, base URL, key variable, taken, and why when left out. */
    static void json(ObjectNode o, List<ConfigGate.Judge> judges) {
        ArrayNode arr = o.putArray("judges");
        for (ConfigGate.Judge j : judges) {
            ObjectNode n = arr.addObject();
            n.put("name", j.name());
            n.put("provider", j.provider());
            n.put("base_url", j.baseUrl());
            n.put("api_key_env", j.apiKeyEnv());
            n.put("taken", j.taken());
            if (j.why() != null) {
                n.put("why", j.why());
            }
        }
    }

    /**
     * Names asked for that no source held, said on {@code err}; returns 1 when there is any (the command's exit
     * code: what the user meant to take did not come), else 0.
     */
    static int missing(PrintWriter err, Collection<String> asked, Collection<ImportReport.FileCounts> files) {
        Set<String> seen = new TreeSet<>();
        files.forEach(f -> f.judges.forEach(j -> seen.add(j.name())));
        int code = 0;
        for (String name : new TreeSet<>(asked)) {
            if (!seen.contains(name)) {
                err.println("tracejudge: " + OPTION + " " + name + ": no source holds a judge of that name"
                        + (seen.isEmpty()
                                ? " (they hold no judge settings)"
                                : " (they hold " + String.join(", ", seen) + ")")
                        + "; nothing was taken under it");
                code = 1;
            }
        }
        err.flush();
        return code;
    }
}
