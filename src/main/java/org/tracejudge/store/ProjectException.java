package org.tracejudge.store;

/** A project file cannot be opened, migrated or written; the message says which file and why. */
public class ProjectException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProjectException(String message) {
        super(message);
    }

    public ProjectException(String message, Throwable cause) {
        super(message, cause);
    }
}
