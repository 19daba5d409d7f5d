package org.tracejudge.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every file is checked to be UTF-8 text before a reader sees it, in one pass over its bytes, so that a file in
 * another encoding is refused with its name, the line and byte where it goes wrong and what it looks like instead
 * (UTF-16 or UTF-32 with or without a byte order mark, a NUL byte, Latin-1), never with a parser's confusion
 * further on. Strict UTF-8 as RFC 3629 defines it: overlong forms, UTF-16 surrogates and code points past U+10FFFF
 * are refused too (a decoder that accepts an overlong "/" or quote lets a name slip past a check on its bytes).
 */
public final class TextEncoding {
    private static final byte[] SQLITE = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final int BUFFER = 1 << 16;

    private TextEncoding() {}

    /**
     * Also for other text inputs (a label CSV). A project file given as an input is named as such.
     *
     * @throws ImportException naming the file, the line and the byte offset of the first byte that is not UTF-8
     */
    public static void requireUtf8(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[BUFFER];
            int n = in.readNBytes(buf, 0, buf.length);
            if (n >= 4 && buf[0] == 'P' && buf[1] == 'K' && buf[2] == 3 && buf[3] == 4) {
                return; // a zip archive (e.g. an Inspect .eval log): its reader checks the text inside
            }
            if (n >= 2 && (buf[0] & 0xff) == 0x1F && (buf[1] & 0xff) == 0x8B) {
                return; // gzip: read through its decompressor, whose text the readers decode strictly
            }
            if (OtlpProtobuf.mayStart(buf, n) && OtlpProtobuf.isRequest(file)) {
                return; // an OTLP/protobuf request: binary, its strings checked by protobuf's own UTF-8 check
            }
            if (n >= SQLITE.length && java.util.Arrays.equals(buf, 0, SQLITE.length, SQLITE, 0, SQLITE.length)) {
                throw new ImportException(
                        file,
                        -1,
                        null,
                        "an SQLite database (a Tracejudge project?), not a file of "
                                + "traces or labels; to bring another project's work into a project: tracejudge merge PROJECT "
                                + file);
            }
            refuseOtherEncodings(file, buf, n);
            long offset = 0; // of buf[0] in the file
            int need = 0; // continuation bytes still expected
            int cp = 0;
            int min = 0; // smallest code point the sequence may encode (overlong check)
            long seqStart = 0;
            int lead = 0;
            while (n > 0) {
                for (int i = 0; i < n; i++) {
                    // sixteen ASCII bytes with no NUL are skipped at once (SWAR: a set high bit means non-ASCII; the
                    // zero-byte test has no false negatives, so any doubt takes the byte loop). Lines are not counted
                    // here: only an error needs its line, and it is counted then.
                    if (need == 0) {
                        i = asciiRun(buf, i, n);
                        if (i >= n) {
                            break;
                        }
                    }
                    int b = buf[i] & 0xff;
                    long at = offset + i;
                    if (need > 0) {
                        if ((b & 0xC0) != 0x80) {
                            throw invalid(
                                    file,
                                    seqStart,
                                    at == seqStart + 1
                                            ? "a lone byte 0x"
                                                    + Integer.toHexString(lead).toUpperCase(Locale.ROOT)
                                                    + ", which looks like Latin-1 or Windows-1252 text"
                                            : "a multi-byte character is cut short");
                        }
                        cp = (cp << 6) | (b & 0x3F);
                        if (--need == 0) {
                            if (cp < min) {
                                throw invalid(
                                        file,
                                        seqStart,
                                        String.format(Locale.ROOT, "an overlong encoding of U+%04X", cp));
                            }
                            if (cp >= 0xD800 && cp <= 0xDFFF) {
                                throw invalid(
                                        file,
                                        seqStart,
                                        String.format(Locale.ROOT, "a UTF-16 surrogate (U+%04X) encoded as UTF-8", cp));
                            }
                            if (cp > 0x10FFFF) {
                                throw invalid(file, seqStart, "a code point past U+10FFFF");
                            }
                        }
                        continue;
                    }
                    if (b < 0x80) {
                        if (b == 0) {
                            throw new ImportException(
                                    file,
                                    lineAt(file, at),
                                    null,
                                    "a NUL byte (byte " + at + "): not "
                                            + "text; if the file is UTF-16 or UTF-32, convert it to UTF-8 (e.g. iconv -f UTF-16 "
                                            + "-t UTF-8) and give it again");
                        }
                        continue;
                    }
                    seqStart = at;
                    lead = b;
                    if (b >= 0xC2 && b <= 0xDF) {
                        need = 1;
                        cp = b & 0x1F;
                        min = 0x80;
                    } else if (b >= 0xE0 && b <= 0xEF) {
                        need = 2;
                        cp = b & 0x0F;
                        min = 0x800;
                    } else if (b >= 0xF0 && b <= 0xF4) {
                        need = 3;
                        cp = b & 0x07;
                        min = 0x10000;
                    } else if (b == 0xC0 || b == 0xC1) {
                        throw invalid(
                                file,
                                at,
                                "an overlong encoding (byte 0x"
                                        + Integer.toHexString(b).toUpperCase(Locale.ROOT) + ")");
                    } else {
                        throw invalid(
                                file,
                                at,
                                "byte 0x" + Integer.toHexString(b).toUpperCase(Locale.ROOT)
                                        + (b >= 0xA0 ? ", which looks like Latin-1 or Windows-1252 text" : ""));
                    }
                }
                offset += n;
                n = in.readNBytes(buf, 0, buf.length);
            }
            if (need > 0) {
                throw invalid(file, seqStart, "the file ends inside a multi-byte character");
            }
        } catch (IOException e) {
            throw new ImportException(file, -1, null, "cannot read: " + e.getMessage());
        }
    }

    private static final long HIGH = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private static boolean hasZeroByte(long w) {
        return ((w - ONES) & ~w & HIGH) != 0;
    }

    /**
     * The index of the first byte from {@code i} that is not plain ASCII (or is NUL), at most {@code n}: a small
     * method of its own so the JIT compiles it whole (a loop inside a long-running method only gets OSR code).
     */
    private static int asciiRun(byte[] buf, int i, int n) {
        while (i + 16 <= n) {
            long a = (long) LONGS.get(buf, i);
            long b = (long) LONGS.get(buf, i + 8);
            if (((a | b) & HIGH) != 0 || hasZeroByte(a) || hasZeroByte(b)) {
                break;
            }
            i += 16;
        }
        while (i < n && buf[i] > 0) {
            i++;
        }
        return i;
    }

    /** The line (from 1) byte {@code offset} of the file is on: counted only when an error names it. */
    private static long lineAt(Path file, long offset) {
        long line = 1;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[BUFFER];
            long pos = 0;
            int n;
            while (pos < offset && (n = in.readNBytes(buf, 0, (int) Math.min(buf.length, offset - pos))) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        line++;
                    }
                }
                pos += n;
            }
        } catch (IOException e) {
            return -1;
        }
        return line;
    }

    private static ImportException invalid(Path file, long offset, String what) {
        return new ImportException(
                file,
                lineAt(file, offset),
                null,
                "not UTF-8 text at byte " + offset + " (" + what + ")"
                        + (startsLikeProtobuf(file)
                                ? ", nor a whole OTLP/protobuf request (ExportTraceServiceRequest or "
                                        + "ExportLogsServiceRequest, the binary form Tracejudge also reads)"
                                : "")
                        + "; save the file as UTF-8 and give it again");
    }

    private static boolean startsLikeProtobuf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(2);
            return OtlpProtobuf.mayStart(b, b.length);
        } catch (IOException e) {
            return false;
        }
    }

    /** Byte order marks of UTF-16/32, and UTF-16 without one (every other byte NUL in ASCII-heavy text). */
    private static void refuseOtherEncodings(Path file, byte[] b, int n) {
        String bom = null;
        if (n >= 4 && b[0] == 0 && b[1] == 0 && (b[2] & 0xff) == 0xFE && (b[3] & 0xff) == 0xFF) {
            bom = "UTF-32BE";
        } else if (n >= 4 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE && b[2] == 0 && b[3] == 0) {
            bom = "UTF-32LE";
        } else if (n >= 2 && (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF) {
            bom = "UTF-16BE";
        } else if (n >= 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE) {
            bom = "UTF-16LE";
        }
        if (bom != null) {
            throw new ImportException(
                    file,
                    1,
                    null,
                    "the file is " + bom + " (it starts with that byte order mark); "
                            + "Tracejudge reads UTF-8: convert it (e.g. iconv -f " + bom
                            + " -t UTF-8 IN > OUT) and give "
                            + "the copy");
        }
        int pairs = Math.min(n, 4096) / 2;
        int evenNul = 0;
        int oddNul = 0;
        for (int i = 0; i < pairs * 2; i += 2) {
            evenNul += b[i] == 0 ? 1 : 0;
            oddNul += b[i + 1] == 0 ? 1 : 0;
        }
        if (pairs >= 2 && Math.max(evenNul, oddNul) * 10 >= pairs * 7 && Math.min(evenNul, oddNul) * 10 <= pairs) {
            String guess = oddNul > evenNul ? "UTF-16LE" : "UTF-16BE";
            throw new ImportException(
                    file,
                    1,
                    null,
                    "the file looks like " + guess + " without a byte order mark "
                            + "(every other byte is NUL); Tracejudge reads UTF-8: convert it (e.g. iconv -f " + guess
                            + " -t UTF-8 IN > OUT) and give the copy");
        }
    }
}
