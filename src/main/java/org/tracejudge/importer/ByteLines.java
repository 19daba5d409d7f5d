package org.tracejudge.importer;

import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of a stream as byte ranges, not Strings: JSON Lines parsed straight from bytes skip a UTF-8 decode and a
 * copy per line. Lines end as {@link java.io.BufferedReader#readLine} ends them ({@code \n}, {@code \r} or
 * {@code \r\n}; a last line without an end still counts), so line numbers agree with the other readers'. A line is
 * {@code array()[offset() .. offset() + length())}, valid until the next call of {@link #next}.
 */
final class ByteLines {
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    private static final long LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long CR = 0x0D0D0D0D0D0D0D0DL;
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private final InputStream in;
    private byte[] buf = new byte[1 << 20];
    private int pos;
    private int lim;
    private boolean eof;
    private boolean afterCr;
    private int off;
    private int len;
    private long number;

    ByteLines(InputStream in) {
        this.in = in;
    }

    byte[] array() {
        return buf;
    }

    int offset() {
        return off;
    }

    int length() {
        return len;
    }

    /** The current line's number, from 1. */
    long number() {
        return number;
    }

    /** Moves to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        int scanned = pos; // bytes before this are known not to end the line
        while (true) {
            if (afterCr && pos < lim) {
                afterCr = false;
                if (buf[pos] == '\n') {
                    pos++; // the \n of \r\n
                    scanned = pos;
                }
            }
            int end = lineEnd(buf, scanned, lim);
            if (end < lim) {
                off = pos;
                len = end - pos;
                afterCr = buf[end] == '\r';
                pos = end + 1;
                number++;
                return true;
            }
            if (eof) {
                if (lim > pos) {
                    off = pos;
                    len = lim - pos;
                    pos = lim;
                    number++;
                    return true;
                }
                return false;
            }
            // no line end in the buffer: keep the line begun, make room, read on
            int kept = lim - pos;
            if (pos == 0 && lim == buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2);
            } else if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, kept);
            }
            scanned = kept;
            pos = 0;
            lim = kept;
            int n = in.readNBytes(buf, lim, buf.length - lim);
            if (n <= 0) {
                eof = true;
            }
            lim += Math.max(n, 0);
        }
    }

    /** The index of the first \n or \r from {@code i}, else {@code lim}; eight bytes at a time where none is. */
    private static int lineEnd(byte[] b, int i, int lim) {
        while (i + 8 <= lim) {
            long w = (long) LONGS.get(b, i);
            if (hasZeroByte(w ^ LF) || hasZeroByte(w ^ CR)) {
                break;
            }
            i += 8;
        }
        while (i < lim && b[i] != '\n' && b[i] != '\r') {
            i++;
        }
        return i;
    }

    private static boolean hasZeroByte(long w) {
        return ((w - ONES) & ~w & HIGH) != 0;
    }

    /** Whether every byte of the range is ASCII (then it is UTF-8 without looking further). */
    static boolean ascii(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        while (i + 8 <= end) {
            if ((((long) LONGS.get(b, i)) & HIGH) != 0) {
                return false;
            }
            i += 8;
        }
        while (i < end) {
            if (b[i++] < 0) {
                return false;
            }
        }
        return true;
    }
}
