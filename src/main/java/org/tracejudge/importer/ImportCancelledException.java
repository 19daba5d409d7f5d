package org.tracejudge.importer;

/** The user cancelled an import; nothing of it was kept. */
public class ImportCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ImportCancelledException() {
        super("import cancelled; the project is unchanged");
    }
}
