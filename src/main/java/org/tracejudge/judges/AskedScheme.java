package org.tracejudge.judges;

import org.tracejudge.store.Project;

/**
 * What a judge of this project asks when the project's current scheme is its own (not a built-in label set): the
 * scheme's name, its version and how many questions it has. Judges of a project without one keep the rubric.
 */
public record AskedScheme(String name, int version, int questions) {
    /**
     * The project's own scheme as its judges ask it, or null when its judges use the built-in label sets and rubrics.
     * Reads the project: call it off the FX thread.
     *
     * @throws org.tracejudge.store.ProjectException when the stored scheme cannot be read
     */
    public static AskedScheme of(Project p) {
        SchemeJudging s = SchemeJudging.of(p);
        return s == null
                ? null
                : new AskedScheme(
                        s.scheme().name(), s.version(), s.scheme().questions().size());
    }
}
