package org.tracejudge.importer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A structural scanner over UTF-8 JSON bytes: finds where values, strings and members start and end
 * without decoding them. It checks brackets, quotes and separators only, not the tokens in between,
 * so it is only used to find the extents of values that are then either parsed properly (Jackson) or
 * recognised as byte-identical to a value that was. Every method returns an offset, or {@link #BAD}
 * when the bytes are not what it expected; callers then fall back to a full parse for the message.
 */
final class JsonScan {
    static final int BAD = -1;

    private JsonScan() {}

    static int skipWs(byte[] b, int i, int end) {
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return i;
            }
            i++;
        }
        return i;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;

    /**
     * {@code i} at an opening quote: the offset just past the closing quote. Looks at eight bytes at a
     * time for a quote or a backslash (the "has a zero byte" bit trick: the lowest flagged byte is exact).
     */
    static int skipString(byte[] b, int i, int end) {
        i++;
        while (true) {
            while (i + 8 <= end) {
                long w = (long) LONGS.get(b, i);
                long q = w ^ QUOTES;
                long s = w ^ BACKSLASHES;
                long hit = (((q - ONES) & ~q) | ((s - ONES) & ~s)) & HIGHS;
                if (hit != 0) {
                    i += Long.numberOfTrailingZeros(hit) >>> 3;
                    break;
                }
                i += 8;
            }
            if (i >= end) {
                return BAD;
            }
            byte c = b[i];
            if (c == '"') {
                return i + 1;
            }
            i += c == '\\' ? 2 : 1;
        }
    }

    /** {@code i} at the first byte of a value: the offset just past it. */
    static int skipValue(byte[] b, int i, int end) {
        if (i >= end) {
            return BAD;
        }
        byte c = b[i];
        if (c == '"') {
            return skipString(b, i, end);
        }
        if (c == '{' || c == '[') {
            return skipContainer(b, i, end);
        }
        int j = i;
        while (j < end) {
            c = b[j];
            if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                break;
            }
            if (c == '{' || c == '[' || c == '"' || c == ':') {
                return BAD;
            }
            j++;
        }
        return j == i ? BAD : j;
    }

    /** {@code i} at '{' or '[': the offset just past the matching bracket (strings respected). */
    static int skipContainer(byte[] b, int i, int end) {
        // A stack of the open brackets; deep nesting beyond 256 levels goes to the full parser.
        byte[] stack = new byte[256];
        int depth = 0;
        while (i < end) {
            byte c = b[i];
            switch (c) {
                case '"' -> {
                    i = skipString(b, i, end);
                    if (i == BAD) {
                        return BAD;
                    }
                    continue;
                }
                case '{', '[' -> {
                    if (depth == stack.length) {
                        return BAD;
                    }
                    stack[depth++] = c;
                }
                case '}' -> {
                    if (depth == 0 || stack[--depth] != '{') {
                        return BAD;
                    }
                    if (depth == 0) {
                        return i + 1;
                    }
                }
                case ']' -> {
                    if (depth == 0 || stack[--depth] != '[') {
                        return BAD;
                    }
                    if (depth == 0) {
                        return i + 1;
                    }
                }
                default -> {}
            }
            i++;
        }
        return BAD;
    }

    /** Whether the string token at {@code i} (at its opening quote, ending before {@code stringEnd}) is exactly {@code name}. */
    static boolean stringEquals(byte[] b, int i, int stringEnd, byte[] name) {
        if (stringEnd - i - 2 != name.length) {
            return false;
        }
        for (int k = 0; k < name.length; k++) {
            if (b[i + 1 + k] != name[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The JSON text in {@code b[start, end)} without the whitespace between tokens (pretty-printing),
     * as a String. The bytes must be valid JSON (already parsed once).
     */
    static String compact(byte[] b, int start, int end) {
        byte[] out = new byte[end - start];
        int n = 0;
        int i = start;
        while (i < end) {
            byte c = b[i];
            if (c == '"') {
                int close = skipString(b, i, end);
                int stop = close == BAD ? end : close;
                System.arraycopy(b, i, out, n, stop - i);
                n += stop - i;
                i = stop;
            } else {
                if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                    out[n++] = c;
                }
                i++;
            }
        }
        return new String(out, 0, n, java.nio.charset.StandardCharsets.UTF_8);
    }
}
