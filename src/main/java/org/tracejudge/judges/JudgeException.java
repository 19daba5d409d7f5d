package org.tracejudge.judges;

/** A judge cannot run as configured; the message says what to change. */
public class JudgeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JudgeException(String message) {
        super(message);
    }
}
