package org.tracejudge.importer;

/** The user cancelled an import; nothing of it was kept. */
public class ImportCancelledException extends RuntimeException {
    public ImportCancelledException() {
        super("import cancelled; the project is unchanged");
    }
}
