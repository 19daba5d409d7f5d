package org.tracejudge.agreement;

import java.io.IOException;
import java.nio.file.Path;

/** A malformed label CSV: names the file, the line and what was expected. */
public class LabelCsvException extends IOException {
    private static final long serialVersionUID = 1L;

    private final Path file;
    private final int line;

    public LabelCsvException(Path file, int line, String message) {
        super(file + ":" + line + ": " + message);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    /** 1-based line number (of the start of the offending record). */
    public int line() {
        return line;
    }
}
