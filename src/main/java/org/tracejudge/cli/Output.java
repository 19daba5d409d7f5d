package org.tracejudge.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Standard output that does not hide write errors. {@code System.out} swallows them (a full disk or a closed pipe
 * leaves a part of the output and exit 0); the commands print through {@link #stdout()}, a writer straight on file
 * descriptor 1 that remembers the error, and {@link #check} turns a failed write into an {@link Failed} with the
 * reason: the disk is full, or the reader closed the pipe (exit 141, as a process stopped by SIGPIPE, and as quietly:
 * {@code tracejudge labels p.tjdb | head -1} prints no error, like {@code cat} or {@code git log} there).
 */
public final class Output {
    /** The exit status of a command whose reader went away (128 + SIGPIPE), as shells report a piped tool's. */
    static final int BROKEN_PIPE = 141;

    private static volatile IOException lastError;

    private Output() {}

    /** A write to standard output that did not reach its destination. */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final int exitCode;

        Failed(String message, int exitCode, Throwable cause) {
            super(message, cause);
            this.exitCode = exitCode;
        }
    }

    /** UTF-8 writer on file descriptor 1 that records write errors instead of only hiding them. */
    @SuppressWarnings("StaticAssignmentOfThrowable") // the process has one standard output: its last error is static
    public static PrintWriter stdout() {
        OutputStream fd = new FileOutputStream(FileDescriptor.out);
        OutputStream recording = new FilterOutputStream(fd) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    lastError = e;
                    throw e;
                }
            }

            @Override
            public void flush() throws IOException {
                try {
                    out.flush();
                } catch (IOException e) {
                    lastError = e;
                    throw e;
                }
            }
        };
        return new PrintWriter(
                new OutputStreamWriter(new java.io.BufferedOutputStream(recording, 1 << 16), StandardCharsets.UTF_8),
                false);
    }

    /**
     * Flushes {@code out} and throws when anything written to it so far was lost. Commands that print much call it
     * as they go, so a closed pipe or full disk stops them early; {@link TracejudgeCli} calls it once at the end.
     */
    static void check(PrintWriter out) {
        if (out.checkError()) {
            IOException e = lastError;
            String m = e == null ? "" : String.valueOf(e.getMessage());
            if (m.contains("Broken pipe") || m.contains("EPIPE") || m.contains("pipe is being closed")) {
                throw new Failed("the output was closed before all of it was written (broken pipe)", BROKEN_PIPE, e);
            }
            if (m.contains("No space left") || m.contains("ENOSPC") || m.contains("not enough space")) {
                throw new Failed("cannot write the output: the disk is full (only part of it was written)", 1, e);
            }
            throw new Failed(
                    "cannot write the output" + (e == null ? "" : ": " + m) + " (only part of it was written)", 1, e);
        }
    }
}
