package org.tracejudge.store;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tracejudge.model.LabelSet;

/** The label sets of the tasks a project has traces of (what a person deciding those traces picks from). */
public final class LabelSetsInUse {
    private LabelSetsInUse() {}

    /** The label sets some trace's task uses, by name. */
    public static List<LabelSet> of(Project p) {
        List<String> names = p.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DISTINCT k.label_set FROM task k "
                            + "WHERE EXISTS (SELECT 1 FROM trace t WHERE t.task_id = k.id) ORDER BY 1")) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
        return p.labelSets().stream().filter(ls -> names.contains(ls.name())).toList();
    }

    /**
     * The digit keys that pick a label, in words: "1–4", or "1–3 or 1–4 (by the trace's label set)" when the sets in use
     * differ in size; "1–9" when the project has no trace yet.
     */
    public static String keys(Project p) {
        List<LabelSet> sets = of(p);
        int min = sets.stream().mapToInt(ls -> ls.labels().size()).min().orElse(9);
        int max = Math.min(
                9, sets.stream().mapToInt(ls -> ls.labels().size()).max().orElse(9));
        return min >= max
                ? String.format(Locale.ROOT, "1–%d", max)
                : String.format(Locale.ROOT, "1–%d or 1–%d (by the trace's label set)", min, max);
    }
}
