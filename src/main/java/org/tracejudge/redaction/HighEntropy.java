package org.tracejudge.redaction;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets of no known shape: a run of base64 or hex characters that looks random. Two strengths:
 *
 * <ul>
 *   <li>with a secret word shortly before it on the same line ("password", "secret", "token", "api key",
 *       "credential", "auth"): 16 characters or more (hex: 32 or more), a digit and a letter, Shannon entropy of at
 *       least {@value #CUED_BITS} bits a character;
 *   <li>with no such word: 24 characters or more, upper- and lower-case letters and digits (two of each), entropy of
 *       at least {@value #BARE_BITS} bits a character, the character class changing at 35% of positions or more (a
 *       random string changes about 60% of the time, a camel-case name or a path about 15%), and at most three
 *       dashes or underscores.
 * </ul>
 *
 * <p>Left alone as ids, not secrets, whatever their entropy: UUIDs, hex digests and git SHAs (one case and digits,
 * with no secret word before them), strings under 24 characters with no secret word (tool call ids, 22-character
 * eval and sample ids), ids with a documented type prefix ({@code call_}, {@code toolu_}, {@code msg_}, {@code
 * chatcmpl-}, {@code req_}, {@code run_}, Stripe's {@code ch_}, {@code cus_}, {@code pi_}…; AWS resource ids; IPFS
 * content ids), digests
 * written with their algorithm ({@code sha512-…}, {@code sha256:…}), password hashes ({@code $2b$…}, {@code
 * $argon2…}), Google Drive and Docs file ids after {@code /d/}, {@code data:} URIs and anything over 1,024
 * characters (an encoded file, not a key). With no secret word before them, also what says what it is once decoded
 * ({@link EncodedContent}: base64 of readable text or of an image, KSUIDs, YouTube playlist ids). In a URL, each
 * segment of the path is judged alone ("open.spotify.com/track/…" is not one random string; a webhook's key, the last
 * segment, still is).
 */
final class HighEntropy {
    private HighEntropy() {}

    static final double CUED_BITS = 3.0;
    static final double BARE_BITS = 3.8;

    private static final Pattern TOKEN = Pattern.compile("(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{16,}");

    private static final Pattern CUE = Pattern.compile(
            "(?i)(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[ _-]?key|apikey|access[ _-]?key|private[ _-]?key"
                    + "|signing[ _-]?key|account[ _-]?key|credentials?|auth)");

    /** A field name glued to its value by "=" inside one token ("sha256=…"); base64 has "=" only at its end. */
    private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z][A-Za-z0-9_.-]{0,40})=(?=[^=])[^=]{16,}=*");

    /** Words that name the next token as an id in prose ("upload id …", "Twilio SID …", "Firebase doc /users/…"). */
    private static final java.util.Set<String> ID_NOUNS = java.util.Set.of(
            "id",
            "ids",
            "uid",
            "sid",
            "guid",
            "uuid",
            "ulid",
            "ksuid",
            "nanoid",
            "cuid",
            "xid",
            "doc",
            "document",
            "file",
            "object",
            "record",
            "row",
            "item",
            "video",
            "channel",
            "message",
            "upload",
            "sheet",
            "spreadsheet",
            "folder",
            "build",
            "job",
            "trace",
            "span",
            "commit",
            "digest",
            "hash",
            "checksum",
            "etag",
            "nonce",
            "cursor",
            "ref",
            "revision");

    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /** Documented id prefixes (OpenAI, Anthropic, Stripe, AWS resources, digests): an id, not a secret. */
    private static final List<String> ID_PREFIXES = List.of(
            "call_",
            "toolu_",
            "srvtoolu_",
            "msg_",
            "chatcmpl-",
            "req_",
            "resp_",
            "run_",
            "thread_",
            "asst_",
            "file-",
            "batch_",
            "msgbatch_",
            "vs_",
            "ftjob-",
            "step_",
            "fc_",
            "evt_",
            "ch_",
            "cus_",
            "sub_",
            "pi_",
            "pm_",
            "re_",
            "in_",
            "ii_",
            "price_",
            "prod_",
            "acct_",
            "txn_",
            "seti_",
            "src_",
            "py_",
            "cs_",
            "po_",
            "tr_",
            "ami-",
            "vpc-",
            "subnet-",
            "sg-",
            "vol-",
            "snap-",
            "eni-",
            "igw-",
            "rtb-",
            "sha1-",
            "sha256-",
            "sha384-",
            "sha512-",
            "ctx-",
            "span-",
            "trace-",
            "bafy");

    static void find(Scan h) {
        String text = h.text;
        if (text.length() < 16) {
            return;
        }
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            int start = m.start();
            Matcher kv = KEY_VALUE.matcher(m.group());
            if (kv.matches()) {
                start += kv.end(1) + 1; // "sha256=…", "password=…": the value is judged after its own field name
            }
            if (m.group().indexOf('/') > 0 && inUrl(text, m.start())) {
                // a URL's path: each segment is judged alone ("spotify.com/track/4uLU6h…" is not one random string)
                int from = start;
                for (int i = start; i <= m.end(); i++) {
                    if (i == m.end() || text.charAt(i) == '/') {
                        add(h, text, from, i);
                        from = i + 1;
                    }
                }
                continue;
            }
            add(h, text, start, m.end());
        }
    }

    private static void add(Scan h, String text, int start, int end) {
        if (end - start < 16) {
            return;
        }
        String why = why(text, start, end);
        if (why != null) {
            h.add(Redactor.Kind.SECRET, start, end, why);
        }
    }

    /** Whether {@code at} lies in a URL: its whitespace-delimited word has "://" before it. */
    private static boolean inUrl(String text, int at) {
        int w = at;
        while (w > 0 && !Character.isWhitespace(text.charAt(w - 1)) && text.charAt(w - 1) != '"') {
            w--;
        }
        return text.substring(w, at).contains("://");
    }

    /** Why the token at [start, end) is a secret, or null when it is not taken for one. */
    static String why(String text, int start, int end) {
        String t = text.substring(start, end);
        String core = stripPadding(t);
        if (core.length() < 16 || t.length() > 1024 || excluded(text, start, t)) {
            return null;
        }
        String field = fieldBefore(text, start);
        boolean cue = (field != null && Secrets.secretName(field)) || cueBefore(text, start);
        if (!cue
                && (TWILIO_SID.matcher(core).matches() || DRIVE_ID.matcher(core).matches())) {
            return null; // a Twilio message or call SID, a Sheets or Drive file id, with no secret word before it
        }
        if (!cue && field != null && idField(field)) {
            return null; // "hash": "…", "request_id": "…", "etag": "…": an id or a digest, named as one
        }
        if (!cue && field == null && namedInProse(text, start)) {
            return null;
        }
        int lower = 0;
        int upper = 0;
        int digit = 0;
        int seps = 0;
        for (int i = 0; i < core.length(); i++) {
            char c = core.charAt(i);
            if (c >= 'a' && c <= 'z') {
                lower++;
            } else if (c >= 'A' && c <= 'Z') {
                upper++;
            } else if (c >= '0' && c <= '9') {
                digit++;
            } else if (c == '-' || c == '_') {
                seps++;
            }
        }
        double bits = entropy(core);
        if (cue) {
            boolean hex = core.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == '-')
                    || core.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || c == '-');
            if ((hex && core.length() < 32) || digit == 0 || lower + upper == 0 || bits < CUED_BITS) {
                return null;
            }
            if (transitions(core) < 0.2) {
                return null;
            }
            return String.format(
                    Locale.ROOT, "random-looking string after a secret word (%.1f bits a character)", bits);
        }
        if (core.length() < 24 || lower < 2 || upper < 2 || digit < 2 || seps > 3 || bits < BARE_BITS) {
            return null;
        }
        if (transitions(core) < 0.35) {
            return null;
        }
        if (EncodedContent.ksuid(core) || EncodedContent.playlist(core) || EncodedContent.content(core)) {
            return null; // a KSUID, a playlist id, base64 of an image or of readable text: decoded, not a key
        }
        return String.format(Locale.ROOT, "random-looking string (%.1f bits a character)", bits);
    }

    /** Whether {@code text} holds a token this class takes for a secret (for text decoded from base64). */
    static boolean holdsSecret(String text) {
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            if (why(text, m.start(), m.end()) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a secret word is in the 40 characters before {@code at} on the same line, and is not part of a field
     * name that says what it is about ("next_page_token", "token_count").
     */
    private static boolean cueBefore(String text, int at) {
        int from = Math.max(0, at - 40);
        int nl = text.lastIndexOf('\n', at - 1);
        if (nl >= from) {
            from = nl + 1;
        }
        Matcher c = CUE.matcher(text).region(from, at);
        while (c.find()) {
            int s = c.start();
            int e = c.end();
            while (s > 0 && NAME_CHAR.indexOf(text.charAt(s - 1)) >= 0) {
                s--;
            }
            while (e < text.length() && NAME_CHAR.indexOf(text.charAt(e)) >= 0) {
                e++;
            }
            String word = text.substring(s, e);
            if (word.length() == c.end() - c.start() || Secrets.secretName(word)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the word before the whitespace-delimited word holding {@code at} names it as an id. */
    private static boolean namedInProse(String text, int at) {
        int w = at;
        while (w > 0 && !Character.isWhitespace(text.charAt(w - 1))) {
            w--;
        }
        int e = w;
        while (e > 0 && Character.isWhitespace(text.charAt(e - 1)) && text.charAt(e - 1) != '\n') {
            e--;
        }
        int b = e;
        while (b > 0 && Character.isLetter(text.charAt(b - 1))) {
            b--;
        }
        return e > b && ID_NOUNS.contains(text.substring(b, e).toLowerCase(Locale.ROOT));
    }

    private static final String NAME_CHAR = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";

    /** A field name right before a value: {@code "name": "}, {@code name=}, {@code name: }, a weak ETag's {@code W/"}. */
    private static final Pattern FIELD_BEFORE =
            Pattern.compile("([A-Za-z][A-Za-z0-9_.-]{0,60})\\\\?[\"']?\\s*[:=]\\s*\\\\?[\"']?(?:W/\\\\?\")?$");

    private static String fieldBefore(String text, int at) {
        Matcher m = FIELD_BEFORE.matcher(text).region(Math.max(0, at - 70), at);
        return m.find() ? m.group(1) : null;
    }

    /** Words of a field name that make its value an id or a digest. */
    private static final java.util.Set<String> ID_WORDS = java.util.Set.of(
            "id",
            "ids",
            "uid",
            "uuid",
            "guid",
            "ulid",
            "ksuid",
            "nanoid",
            "cuid",
            "xid",
            "hash",
            "digest",
            "checksum",
            "etag",
            "fingerprint",
            "integrity",
            "sha",
            "sha1",
            "sha256",
            "md5",
            "nonce",
            "state",
            "cursor",
            "version",
            "revision",
            "rev",
            "commit",
            "tree",
            "blob",
            "ref",
            "sku",
            "serial",
            "tag",
            "name",
            "path",
            "key",
            "kid",
            "page",
            "trace",
            "span",
            "run",
            "thread");

    private static boolean idField(String name) {
        for (String w : Secrets.words(name)) {
            if (ID_WORDS.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** A Twilio resource id: two capitals naming its type, then 32 lower-case hex digits ("SM9f…", "CA3b…"). */
    private static final Pattern TWILIO_SID = Pattern.compile("[A-Z]{2}[0-9a-f]{32}");

    /** A Google Sheets, Docs or Drive file id written alone: "1", then 43 of base64url ("1BxiMVs0XRA5nF…"). */
    private static final Pattern DRIVE_ID = Pattern.compile("1[A-Za-z0-9_-]{43}");

    private static boolean excluded(String text, int start, String t) {
        if (UUID.matcher(t).find() || t.contains("/d/") || (t.startsWith("Qm") && t.length() == 46)) {
            return true;
        }
        if (weakEtag(text, start)) {
            return true;
        }
        for (String p : ID_PREFIXES) {
            if (t.startsWith(p)) {
                return true;
            }
        }
        // the whole word the token sits in: a digest with its algorithm, a password hash, a Drive id, a data URI
        int w = start;
        while (w > 0 && !Character.isWhitespace(text.charAt(w - 1)) && "\"'`,({[<>=".indexOf(text.charAt(w - 1)) < 0) {
            w--;
        }
        String before = text.substring(w, start).toLowerCase(Locale.ROOT);
        return before.startsWith("$2")
                || before.startsWith("arn:")
                || before.endsWith("h1:")
                || before.startsWith("$argon2")
                || before.startsWith("$5$")
                || before.startsWith("$6$")
                || before.startsWith("$pbkdf2")
                || before.endsWith("sha256:")
                || before.endsWith("sha1:")
                || before.endsWith("sha512:")
                || before.endsWith("md5:")
                || before.contains("/d/")
                || before.startsWith("data:")
                || before.endsWith("base64,");
    }

    /** A weak ETag's value, {@code W/"…"} (also JSON-escaped): a version of a resource, not a key. */
    private static boolean weakEtag(String text, int start) {
        String before = text.substring(Math.max(0, start - 4), start);
        return before.endsWith("W/\"") || before.endsWith("W/\\\"");
    }

    private static String stripPadding(String t) {
        int e = t.length();
        while (e > 0 && t.charAt(e - 1) == '=') {
            e--;
        }
        return t.substring(0, e);
    }

    /** Shannon entropy of the characters of {@code s}, in bits a character. */
    static double entropy(String s) {
        int[] counts = new int[128];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
                n++;
            }
        }
        double h = 0;
        for (int c : counts) {
            if (c > 0) {
                double p = (double) c / n;
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        return h;
    }

    /** The share of neighbouring letters and digits whose class (lower, upper, digit) differs. */
    static double transitions(String s) {
        int pairs = 0;
        int changes = 0;
        int prev = -1;
        for (int i = 0; i < s.length(); i++) {
            int cls = cls(s.charAt(i));
            if (cls < 0) {
                prev = -1;
                continue;
            }
            if (prev >= 0) {
                pairs++;
                if (cls != prev) {
                    changes++;
                }
            }
            prev = cls;
        }
        return pairs == 0 ? 0 : (double) changes / pairs;
    }

    private static int cls(char c) {
        if (c >= 'a' && c <= 'z') {
            return 0;
        }
        if (c >= 'A' && c <= 'Z') {
            return 1;
        }
        return c >= '0' && c <= '9' ? 2 : -1;
    }

    /** Whether a value looks machine-made: a digit, or capitals after its first character mixed with lower case. */
    static boolean mixed(String v) {
        boolean digit = false;
        boolean lower = false;
        boolean innerUpper = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            digit |= c >= '0' && c <= '9';
            lower |= c >= 'a' && c <= 'z';
            innerUpper |= i > 0 && c >= 'A' && c <= 'Z';
        }
        return digit || (lower && innerUpper);
    }
}
