package org.tracejudge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Everything the command line writes to standard output and standard error passes through here once
 * ({@link TracejudgeCli#execute} wraps both streams), so text that came from a file (a model name, a JSON value quoted
 * in an error, a zip entry's name) cannot drive the terminal: {@code ESC[8m} would hide the rest of the output,
 * {@code ESC]0;…} retitle the window, a lone carriage return overwrite the line before it.
 *
 * <p>Every C0 control character except line feed and tab, a carriage return that does not end a line ({@code \r\n}
 * is kept: CSV lines end so), DEL and every C1 control (U+0080 to U+009F) is written as its six-character JSON escape,
 * {@code \u001b}. That is visible on a terminal, and inside JSON (whose encoder escapes C0 controls itself) it is the
 * same string again: a JSON document on standard output stays valid and means what it meant. Files are kept intact:
 * what a command writes to a file does not come through here, nor does a file's content sent to standard output for
 * {@code -} (see {@link #raw}), nor the help and the progress bar, whose control sequences are our own.
 */
final class TerminalText {
    private TerminalText() {}

    /** Whether {@code c} is a control that is shown escaped (line feed, tab and carriage return are decided apart). */
    static boolean neutralised(char c) {
        return (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || (c >= 0x7f && c <= 0x9f);
    }

    /** {@code s} with every control character except line feed and tab shown as an escape ({@code \r\n} kept). */
    static String neutralise(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            boolean escape = neutralised(c) || (c == '\r' && (i + 1 == n || s.charAt(i + 1) != '\n'));
            if (escape) {
                if (b == null) {
                    b = new StringBuilder(n + 16).append(s, 0, i);
                }
                appendEscape(b, c);
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    static void appendEscape(StringBuilder b, char c) {
        b.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
    }

    /** A writer that neutralises what it is given and writes it to {@code to}, keeping {@code to}'s error state. */
    static PrintWriter wrap(PrintWriter to, boolean autoFlush) {
        if (to instanceof Safe) {
            return to;
        }
        return new Safe(to, autoFlush);
    }

    /**
     * The stream under a neutralising writer, for text that is ours or is a file's content: the help (picocli's
     * styles), the progress bar, {@code export … -}. Any other writer is returned as it is.
     */
    static PrintWriter raw(PrintWriter w) {
        return w instanceof Safe s ? s.target : w;
    }

    /** The neutralising writer; its {@link #checkError} also reports the stream under it (a closed pipe, a full disk). */
    static final class Safe extends PrintWriter {
        final PrintWriter target;

        Safe(PrintWriter target, boolean autoFlush) {
            super(new Filter(target), autoFlush);
            this.target = target;
        }

        @Override
        public boolean checkError() {
            boolean mine = super.checkError();
            return target.checkError() || mine;
        }
    }

    /** Escapes controls on the way through; a carriage return at the end of one write waits for the next char. */
    private static final class Filter extends Writer {
        private final PrintWriter out;
        private boolean pendingCr;

        Filter(PrintWriter out) {
            super(out);
            this.out = out;
        }

        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            int start = off;
            int end = off + len;
            for (int i = off; i < end; i++) {
                char c = cbuf[i];
                if (pendingCr) {
                    pendingCr = false;
                    out.write(c == '\n' ? "\r" : "\\u000d");
                }
                if (c == '\r') {
                    out.write(cbuf, start, i - start);
                    start = i + 1;
                    if (i + 1 < end) {
                        out.write(cbuf[i + 1] == '\n' ? "\r" : "\\u000d");
                    } else {
                        pendingCr = true;
                    }
                } else if (neutralised(c)) {
                    out.write(cbuf, start, i - start);
                    start = i + 1;
                    StringBuilder b = new StringBuilder(6);
                    appendEscape(b, c);
                    out.write(b.toString());
                }
            }
            out.write(cbuf, start, end - start);
        }

        @Override
        public void write(String str, int off, int len) throws IOException {
            char[] chars = new char[len];
            str.getChars(off, off + len, chars, 0);
            write(chars, 0, len);
        }

        @Override
        public void flush() {
            out.flush();
        }

        @Override
        public void close() {
            if (pendingCr) {
                pendingCr = false;
                out.write("\\u000d");
            }
            out.flush();
        }
    }
}
