package org.tracejudge.redaction;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Random-looking strings that say what they are once decoded, so that {@link HighEntropy} need not take them for keys
 * when no secret word stands before them:
 *
 * <ul>
 *   <li>base64 (RFC 4648, standard or URL alphabet) of content rather than of random bytes: a file whose first bytes
 *       are a format's magic number (PNG, GIF, JPEG, PDF, gzip, zip, WebP), or readable text (every byte printable
 *       UTF-8 or white space, with a space or the punctuation of JSON or markup in it: "{"page": 2…}", "# Project…").
 *       A key is random bytes, and random bytes decode to neither; text that itself holds a secret (base64 of {@code
 *       {"api_key": "sk-…"}}) is not content;
 *   <li>a KSUID (Segment's K-sortable id: 27 base62 characters holding 20 bytes, of which the first 4 are seconds since
 *       2014-05-13 16:53:20 UTC): its time stamp falls between 2017 and 2035; about one random 27-character string in
 *       eighteen does so by chance;
 *   <li>a YouTube playlist id: "PL" and 16 or 32 characters of base64url (YouTube Data API, playlists resource).
 * </ul>
 */
final class EncodedContent {
    private EncodedContent() {}

    /** Whether {@code core} (no padding) decodes to a file of a known format or to readable text with no secret. */
    static boolean content(String core) {
        byte[] b = decode(core);
        if (b == null || b.length < 8) {
            return false;
        }
        if (magic(b)) {
            return true;
        }
        String s = new String(b, StandardCharsets.UTF_8);
        if (s.indexOf('\uFFFD') >= 0) {
            return false;
        }
        boolean structure = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
            structure |= c == ' ' || c == '\n' || c == '{' || c == '"' || c == '<' || c == '#';
        }
        if (!structure) {
            return false; // "deploy:Xk3…": a credential pair with no space reads like text but is not content
        }
        return Secrets.scan(s).isEmpty() && !HighEntropy.holdsSecret(s);
    }

    private static byte[] decode(String core) {
        if (core.length() % 4 == 1) {
            return null;
        }
        String padded = core + "==".substring(0, (4 - core.length() % 4) % 4);
        try {
            return core.indexOf('-') >= 0 || core.indexOf('_') >= 0
                    ? Base64.getUrlDecoder().decode(padded)
                    : Base64.getDecoder().decode(padded);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean magic(byte[] b) {
        return starts(b, 0x89, 'P', 'N', 'G')
                || starts(b, 'G', 'I', 'F', '8')
                || starts(b, 0xFF, 0xD8, 0xFF)
                || starts(b, '%', 'P', 'D', 'F')
                || starts(b, 0x1F, 0x8B, 0x08)
                || starts(b, 'P', 'K', 0x03, 0x04)
                || (starts(b, 'R', 'I', 'F', 'F') && b.length >= 12 && b[8] == 'W' && b[9] == 'E');
    }

    private static boolean starts(byte[] b, int... head) {
        if (b.length < head.length) {
            return false;
        }
        for (int i = 0; i < head.length; i++) {
            if ((b[i] & 0xFF) != head[i]) {
                return false;
            }
        }
        return true;
    }

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final BigInteger MAX_20_BYTES = BigInteger.ONE.shiftLeft(160);
    private static final long KSUID_EPOCH = 1_400_000_000L;
    private static final long FROM = 1_483_228_800L; // 2017-01-01
    private static final long TO = 2_051_222_400L; // 2035-01-01

    /** Whether {@code core} is a KSUID with a time stamp between 2017 and 2035. */
    static boolean ksuid(String core) {
        if (core.length() != 27) {
            return false;
        }
        BigInteger n = BigInteger.ZERO;
        BigInteger base = BigInteger.valueOf(62);
        for (int i = 0; i < core.length(); i++) {
            int v = BASE62.indexOf(core.charAt(i));
            if (v < 0) {
                return false;
            }
            n = n.multiply(base).add(BigInteger.valueOf(v));
        }
        if (n.compareTo(MAX_20_BYTES) >= 0) {
            return false;
        }
        long seconds = n.shiftRight(128).longValue() + KSUID_EPOCH;
        return seconds >= FROM && seconds < TO;
    }

    /** Whether {@code core} is a YouTube playlist id. */
    static boolean playlist(String core) {
        return (core.length() == 34 || core.length() == 18)
                && core.startsWith("PL")
                && core.chars().allMatch(c -> (Character.isLetterOrDigit(c) && c < 128) || c == '-' || c == '_');
    }
}
