package org.tracejudge.redaction;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words of technical text that the name detector takes for a person's, found in what agents' tools return (measured
 * on the SDK and framework traces under {@code corpora/formats}, not on a held-out set): a segment of an absolute
 * path ("/opt/homebrew/bin/deno"; the segment after {@code /home/} or {@code /Users/} stays a name, it is the
 * user's), a line of a directory listing ("bin⏎dev⏎etc"), a key of a shortcut ("Ctrl+C"), a value glued to its digits
 * after "=" ("key1=val1"), a quoted value in a list of quoted values ("'json', 'yaml'"), the second word of a place
 * ("New York") and the name of a software project with a technical word near it ("Helm charts", "for Kubernetes").
 */
final class TechContext {
    private TechContext() {}

    private static final Set<String> SOFTWARE = NameLists.SOFTWARE;

    /** Words that make a nearby software name a project's, not a person's. */
    private static final Pattern TECH_CUE = Pattern.compile(
            "(?iu)\\b(?:charts?|packages?|install(?:s|ed|ing)?|deploy"
                    + "(?:s|ed|ing|ments?)?|clusters?|servers?|api|cli|sdk|library|libraries|framework|versions?|releases?"
                    + "|repos?|repositor(?:y|ies)|runtime|containers?|commands?|config(?:uration)?|npm|pip|builds?|modules?"
                    + "|plugins?|database|quer(?:y|ies)|scripts?|terminal|binary|resources?|namespaces?|pods?|images?|docker"
                    + "|kubectl|yaml|json|code|tools?|jobs?|pipelines?|workflows?|integration|manifests?|services?|depends"
                    + "|dependenc(?:y|ies)|rules?|rulesets?|signatures?|detections?|commits?|merged?|bump(?:ed|s)?|retr(?:y|ies)"
                    + "|brokers?|nodes?|ports?|endpoints?|webserver|workers?|scheduler|migrat(?:e|ed|es|ing|ion)|upgrad(?:e|ed|ing))\\b");

    /** A version right after a software name ("Julia 1.11", "Hugo v0.121"). */
    private static final Pattern VERSION_AFTER =
            Pattern.compile("^\\s?v?\\d{1,3}\\.\\d{1,3}(?:\\.\\d{1,4})?(?![\\d:])");

    private static final Pattern QUOTED_NEIGHBOUR_AFTER = Pattern.compile("^['\"]\\s*,\\s*['\"][\\w.-]+['\"]");
    private static final Pattern QUOTED_NEIGHBOUR_BEFORE = Pattern.compile("['\"][\\w.-]+['\"]\\s*,\\s*['\"]$");

    static void keep(Scan h) {
        String t = h.text;
        h.spans.removeIf(s ->
                s.kind() == Redactor.Kind.EMAIL && (gitRemote(t, s.original(), s.end()) || messageId(t, s.start())));
        h.spans.removeIf(s -> (s.kind() == Redactor.Kind.ADDRESS || s.kind() == Redactor.Kind.PHONE)
                && (insideEncoded(t, s.start(), s.end()) || afterVersionOrClock(t, s.start())));
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.NAME
                && (inAbsolutePath(t, s.start(), s.end())
                        || inLink(t, s.start())
                        || inIdentifier(t, s.start(), s.end())
                        || inCodeToken(t, s.start(), s.end())
                        || qualifiedNamePart(t, s.start(), s.end())
                        || fileExtension(t, s.start(), s.end())
                        || listingLongFormat(t, s.start())
                        || ACRONYMS.contains(s.original())
                        || listingLine(t, s.start(), s.end())
                        || keyChord(t, s.end())
                        || CHORD.matcher(s.original()).matches()
                        || gluedValue(t, s.start(), s.end())
                        || jsonFlagKey(t, s.start(), s.end())
                        || manifestName(t, s.start())
                        || quotedListValue(t, s.start(), s.end())
                        || valueList(t, s.start(), s.end())
                        || secondWordOfPlace(t, s.start(), s.end())
                        || software(t, s.start(), s.end())));
    }

    /** A relative path: three separators or more, or two and a file's extension; no "@" (not an address). */
    private static final Pattern RELATIVE_PATH =
            Pattern.compile("[\\w.-]+(?:/[\\w.$-]+){3,}/?|[\\w.-]+(?:/[\\w.$-]+){2,}\\.[A-Za-z0-9]{1,5}");

    /** Upper-case abbreviations of technical text that the name lists also hold, or that read as a shouted name. */
    private static final Set<String> ACRONYMS = Set.of(
            "API", "AWS", "CLI", "CPU", "CSS", "CSV", "DNS", "GCP", "GPU", "HTML", "HTTP", "HTTPS", "JSON", "JWT",
            "PDF", "RAM", "SDK", "SHA", "SQL", "SSH", "SSL", "TCP", "TLS", "UDP", "URL", "XML", "YAML", "LEI", "ISIN",
            "CUSIP", "SEDOL", "BIC", "SWIFT", "VAT", "EIN", "NDC", "SKU", "UPC", "EAN", "GTIN", "ISBN", "ISSN", "ICD",
            "PNR", "IMEI", "DOI", "PMID", "ASIN", "MPN", "DUNS", "NAICS", "HTS", "SID");

    private static final Pattern CLOCK_BEFORE = Pattern.compile("\\d{1,2}:\\d{2}(?::\\d{2})?\\s+(?:\\d{4}\\s+)?[+-]$");

    /** "0.2+20090917-7" (a version's suffix) and "04:33:38 2026 +0000" (a clock's offset) are no phone or address. */
    private static boolean afterVersionOrClock(String t, int start) {
        int at = start;
        if (at < t.length() && (t.charAt(at) == '+' || t.charAt(at) == '-')) {
            at++;
        }
        if (at < 2 || (t.charAt(at - 1) != '+' && t.charAt(at - 1) != '-')) {
            return false;
        }
        if (Character.isDigit(t.charAt(at - 2))) {
            return true;
        }
        return CLOCK_BEFORE.matcher(t.substring(Math.max(0, at - 24), at)).find();
    }

    private static final Pattern CHORD = Pattern.compile("(?:Ctrl|Alt|Shift|Cmd|Meta|Option|Super)[-+]\\w");

    /** Accounts of machines, not people, as the folder after /home/ or /Users/. */
    private static final Set<String> MACHINE_ACCOUNTS = Set.of(
            "root",
            "runner",
            "ubuntu",
            "admin",
            "user",
            "users",
            "shared",
            "public",
            "ec2-user",
            "node",
            "app",
            "circleci",
            "vscode",
            "codespace",
            "git",
            "www-data",
            "nobody",
            "builder",
            "build",
            "ci",
            "default",
            "guest",
            "test",
            "debian",
            "pi",
            "vagrant",
            "docker",
            "jovyan",
            "coder",
            "gitpod",
            "linuxbrew",
            "runneradmin");

    private static final Pattern HOME_FOLDER =
            Pattern.compile("(?:(?<![\\w.])/home/|(?<![\\w.])/Users/|\\b[A-Za-z]:\\\\Users\\\\)([\\w][\\w.-]{0,31})");

    /**
     * The folder after /home/, /Users/ or C:\\Users\\ names the account of the person who ran the agent; it is
     * redacted as a name unless it is a machine's account ("runner", "ubuntu", "root").
     */
    static void homeFolders(Scan h) {
        java.util.regex.Matcher m = HOME_FOLDER.matcher(h.text);
        while (m.find()) {
            String user = m.group(1);
            if (!MACHINE_ACCOUNTS.contains(user.toLowerCase(Locale.ROOT)) && !h.covered(m.start(1))) {
                h.add(Redactor.Kind.NAME, m.start(1), m.end(1), "the account in a home folder's path");
            }
        }
    }

    private static boolean delimiter(char c) {
        return Character.isWhitespace(c) || "<>\"'()[]{},;`".indexOf(c) >= 0;
    }

    private static boolean inAbsolutePath(String t, int start, int end) {
        int a = start;
        while (a > 0 && !delimiter(t.charAt(a - 1))) {
            a--;
        }
        int b = end;
        while (b < t.length() && !delimiter(t.charAt(b))) {
            b++;
        }
        String token = t.substring(a, b);
        int glued = Math.max(token.indexOf(":/"), token.indexOf("=/")); // "unknown_service:/opt/…", "--prefix=/usr/…"
        if (glued >= 0 && !token.startsWith("//", glued + 1)) {
            a += glued + 1;
            token = token.substring(glued + 1);
        }
        if (a > start) {
            return false;
        }
        if (RELATIVE_PATH.matcher(token).matches()) {
            return true; // "src/main/java/org/x/Json.java", "a/b/c/d"
        }
        boolean unix = token.startsWith("/")
                || token.startsWith("~/")
                || token.startsWith("./")
                || token.startsWith("../")
                || token.startsWith(".../");
        boolean windows = token.length() > 3 && Character.isLetter(token.charAt(0)) && token.startsWith(":\\", 1);
        if (!unix && !windows) {
            return false;
        }
        char sep = unix ? '/' : '\\';
        if (token.chars().filter(c -> c == sep).count() < 2) {
            return false;
        }
        String before = t.substring(a, start).toLowerCase(Locale.ROOT);
        return !(before.endsWith(sep + "home" + sep) || before.endsWith(sep + "users" + sep));
    }

    /** A word inside a link the contact detector left alone ("…/blob/dev/src/…") is a part of the link's path. */
    private static boolean inLink(String t, int start) {
        int a = start;
        while (a > 0 && !delimiter(t.charAt(a - 1))) {
            a--;
        }
        int scheme = t.indexOf("://", a);
        return scheme > a && scheme < start && t.substring(a, scheme).matches("(?i)https?|ftp|git|ssh");
    }

    private static int tokenStart(String t, int start) {
        int a = start;
        while (a > 0 && !delimiter(t.charAt(a - 1))) {
            a--;
        }
        return a;
    }

    private static int tokenEnd(String t, int end) {
        int b = end;
        while (b < t.length() && !delimiter(t.charAt(b))) {
            b++;
        }
        return b;
    }

    /**
     * A word inside a run of letters and digits that is an id, not a word: a hash ("053efe440c7a"), a class name with
     * digits ("Sha256Test") or letters after digits ("dev47fp"); "john85" alone stays a possible handle.
     */
    private static boolean inIdentifier(String t, int start, int end) {
        int a = start;
        while (a > 0 && Character.isLetterOrDigit(t.charAt(a - 1))) {
            a--;
        }
        int b = end;
        while (b < t.length() && Character.isLetterOrDigit(t.charAt(b))) {
            b++;
        }
        if (a == start && b == end) {
            return false;
        }
        String run = t.substring(a, b);
        boolean digits = run.chars().anyMatch(Character::isDigit);
        if (!digits) {
            return false;
        }
        boolean interleaved = run.matches(".*\\d\\p{L}.*");
        return run.length() >= 8 || interleaved;
    }

    /** A word of a lower-case code token with three separators or more ("org.junit.jupiter:junit-jupiter-api"). */
    private static boolean inCodeToken(String t, int start, int end) {
        String token = t.substring(tokenStart(t, start), tokenEnd(t, end));
        if (!token.matches("[a-z0-9_.:/+-]+")) {
            return false;
        }
        long separators =
                token.chars().filter(c -> c == '.' || c == ':' || c == '/').count();
        return separators >= 3;
    }

    /**
     * A lower-case segment between dots of a qualified name ("java.lang.NullPointerException", "org.acme.Main"): a
     * package, not a person.
     */
    private static boolean qualifiedNamePart(String t, int start, int end) {
        if (start < 2 || end + 1 >= t.length() || t.charAt(start - 1) != '.' || t.charAt(end) != '.') {
            return false;
        }
        String w = t.substring(start, end);
        return w.equals(w.toLowerCase(Locale.ROOT))
                && Character.isLetterOrDigit(t.charAt(start - 2))
                && Character.isLetter(t.charAt(end + 1));
    }

    /** Extensions of files that the name lists also hold ("Config.json" is no "Json"). */
    private static final Set<String> EXTENSIONS = Set.of(
            "json", "jsonl", "yaml", "yml", "toml", "xml", "csv", "tsv", "txt", "md", "log", "pdf", "doc", "docx",
            "xls", "xlsx", "png", "jpg", "jpeg", "gif", "svg", "html", "css", "js", "ts", "tsx", "jsx", "py", "java",
            "kt", "rb", "go", "rs", "sh", "sql", "zip", "tar", "gz", "ini", "cfg", "conf", "lock", "env", "bak");

    /** A file's extension glued after its name and a dot ("Report.json", "Summary.yaml"). */
    private static boolean fileExtension(String t, int start, int end) {
        if (start < 2 || t.charAt(start - 1) != '.' || !Character.isLetterOrDigit(t.charAt(start - 2))) {
            return false;
        }
        if (end < t.length() && Character.isLetterOrDigit(t.charAt(end))) {
            return false;
        }
        return EXTENSIONS.contains(t.substring(start, end));
    }

    private static final Pattern LONG_LISTING = Pattern.compile("^\\s*[dlcbps-][rwxsStT-]{9}[.+@]?\\s");

    /** A line of "ls -l" output: the words on it are files' names and owners. */
    private static boolean listingLongFormat(String t, int start) {
        return LONG_LISTING.matcher(line(t, start)).find();
    }

    /** A span inside a long base64 or hex run (an integrity hash, a digest): part of the encoding. */
    private static boolean insideEncoded(String t, int start, int end) {
        int a = start;
        while (a > 0 && isEncoded(t.charAt(a - 1))) {
            a--;
        }
        int b = end;
        while (b < t.length() && isEncoded(t.charAt(b))) {
            b++;
        }
        String span = t.substring(start, end);
        if (b - a >= 40 && span.chars().allMatch(c -> isEncoded((char) c))) {
            return true;
        }
        return inRandomToken(t, start, end);
    }

    /**
     * A span inside a random-looking token of 24 characters or more with no space: a bcrypt hash
     * ("$2b$12$…/Sh3q5MQ.…"), an integrity string ("sha1-BX8d…/+C/ujafe8…"), a key id. Its parts are no street, town
     * or phone.
     */
    private static boolean inRandomToken(String t, int start, int end) {
        for (int i = start; i < end; i++) {
            if (!isTokenChar(t.charAt(i))) {
                return false;
            }
        }
        int a = start;
        while (a > 0 && isTokenChar(t.charAt(a - 1))) {
            a--;
        }
        int b = end;
        while (b < t.length() && isTokenChar(t.charAt(b))) {
            b++;
        }
        if (b - a < 24 || (a == start && b == end)) {
            return false;
        }
        String token = t.substring(a, b);
        int lower = 0;
        int upper = 0;
        int digit = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            lower += c >= 'a' && c <= 'z' ? 1 : 0;
            upper += c >= 'A' && c <= 'Z' ? 1 : 0;
            digit += c >= '0' && c <= '9' ? 1 : 0;
        }
        return lower >= 3 && upper >= 3 && digit >= 3 && HighEntropy.transitions(token) >= 0.35;
    }

    private static boolean isTokenChar(char c) {
        return isEncoded(c) || c == '.' || c == '$' || c == '-' || c == '_';
    }

    private static boolean isEncoded(char c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '+'
                || c == '/'
                || c == '=';
    }

    private static String line(String t, int at) {
        int a = t.lastIndexOf('\n', at - 1) + 1;
        int b = t.indexOf('\n', at);
        return t.substring(a, b < 0 ? t.length() : b);
    }

    private static boolean oneWord(String line) {
        String s = line.strip();
        return !s.isEmpty() && s.chars().noneMatch(Character::isWhitespace);
    }

    /** A lower-case word alone on its line between lines that are single words too: a listing, not a sign-off. */
    private static boolean listingLine(String t, int start, int end) {
        String word = t.substring(start, end);
        if (!line(t, start).strip().equals(word) || !word.equals(word.toLowerCase(Locale.ROOT))) {
            return false;
        }
        int lineStart = t.lastIndexOf('\n', start - 1) + 1;
        int lineEnd = t.indexOf('\n', end);
        boolean before = lineStart > 0 && oneWord(line(t, lineStart - 1));
        boolean after = lineEnd >= 0 && lineEnd + 1 < t.length() && oneWord(line(t, lineEnd + 1));
        return before && after;
    }

    /** "Ctrl+C", "Alt+F4", "Ctrl-C": a modifier before "+" (or "-" and a capital) and one key. */
    private static boolean keyChord(String t, int end) {
        return end + 1 < t.length()
                && (t.charAt(end) == '+' || (t.charAt(end) == '-' && Character.isUpperCase(t.charAt(end + 1))))
                && Character.isLetterOrDigit(t.charAt(end + 1))
                && (end + 2 >= t.length() || !Character.isLetter(t.charAt(end + 2)) || t.startsWith("F", end + 1));
    }

    private static final Pattern ID_HEADER = Pattern.compile(
            "(?im)(?:^|[\\s\"])(?:uid|message-id|in-reply-to|references|content-id|x-message-id)\\s*[:=]\\s*[\"<]?$");

    /**
     * The value of an iCalendar {@code UID:} (RFC 5545) or of a mail's {@code Message-ID:}, {@code In-Reply-To:},
     * {@code References:} or {@code Content-ID:} (RFC 5322, 2392): an id written as local part @ host by design, not a
     * mailbox.
     */
    private static boolean messageId(String t, int start) {
        int line = t.lastIndexOf('\n', start - 1) + 1;
        String before = t.substring(Math.max(line, start - 40), start);
        return ID_HEADER.matcher(before).find();
    }

    private static final Pattern JSON_LITERAL = Pattern.compile("\\s*:\\s*(?:true|false|null|\\{|\\[)");

    /**
     * {@code "dev": true}, {@code "optional": {…}}: a lower-case JSON key whose value is a literal or an object is a
     * field's name ("dev" in a lockfile is not a person); a map keyed by people holds their values, which are numbers
     * or strings, and their names are capitalised.
     */
    private static boolean jsonFlagKey(String t, int start, int end) {
        if (start == 0 || end + 1 >= t.length() || t.charAt(start - 1) != '"' || t.charAt(end) != '"') {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (Character.isUpperCase(t.charAt(i))) {
                return false;
            }
        }
        return JSON_LITERAL.matcher(t).region(end + 1, t.length()).lookingAt();
    }

    private static final Pattern MANIFEST_TABLE = Pattern.compile(
            "(?m)^\\s*\\[\\[?(?:package|project|tool\\.poetry|workspace\\.package|lib|bin|dependencies\\.[\\w-]+)\\]\\]?\\s*$");
    private static final Pattern TABLE = Pattern.compile("(?m)^\\s*\\[\\[?[^\\]\\n]+\\]\\]?\\s*$");
    private static final Pattern NAME_LINE = Pattern.compile("(?m)^\\s*name\\s*=\\s*\"$");

    /**
     * {@code name = "rand"} under a package table of a Cargo, pyproject or Poetry manifest or lockfile ({@code
     * [[package]]}, {@code [project]}, {@code [tool.poetry]}): the name of a package.
     */
    private static boolean manifestName(String t, int start) {
        int line = t.lastIndexOf('\n', start - 1) + 1;
        if (!NAME_LINE.matcher(t.substring(line, start)).matches()) {
            return false;
        }
        Matcher tables = TABLE.matcher(t).region(0, line);
        int last = -1;
        while (tables.find()) {
            last = tables.start();
        }
        return last >= 0 && MANIFEST_TABLE.matcher(t).region(last, line).lookingAt();
    }

    /** "key1=val1": a word glued to "=" before it and to digits after it is a setting's value. */
    private static boolean gluedValue(String t, int start, int end) {
        return start > 0 && t.charAt(start - 1) == '=' && end < t.length() && Character.isDigit(t.charAt(end));
    }

    /** "(e.g., 'json', 'yaml', 'table')": a quoted lower-case word beside another quoted word. */
    private static boolean quotedListValue(String t, int start, int end) {
        if (start == 0 || end >= t.length()) {
            return false;
        }
        char open = t.charAt(start - 1);
        if ((open != '\'' && open != '"') || t.charAt(end) != open) {
            return false;
        }
        String word = t.substring(start, end);
        if (!word.equals(word.toLowerCase(Locale.ROOT))) {
            return false;
        }
        return QUOTED_NEIGHBOUR_AFTER
                        .matcher(t.substring(end, Math.min(t.length(), end + 40)))
                        .lookingAt()
                || QUOTED_NEIGHBOUR_BEFORE
                        .matcher(t.substring(Math.max(0, start - 40), start))
                        .find();
    }

    /** "New York", "Santa Monica": the word and the one before it name a place of the place list. */
    private static boolean secondWordOfPlace(String t, int start, int end) {
        int b = start;
        while (b > 0 && t.charAt(b - 1) == ' ') {
            b--;
        }
        if (b == start || b == 0) {
            return false;
        }
        int a = b;
        while (a > 0 && Character.isLetter(t.charAt(a - 1))) {
            a--;
        }
        if (a == b) {
            return false;
        }
        if (a > 0 && t.charAt(a - 1) == '\\') {
            a++; // "\\nNew York" in JSON-escaped text
        }
        String pair = (t.substring(a, b) + " " + t.substring(start, end)).toLowerCase(Locale.ROOT);
        return NameLists.PLACES.contains(pair) || NameLists.CITIES.contains(pair);
    }

    /** "git@github.com:owner/repo.git": a git remote's user, not a person's address. */
    private static boolean gitRemote(String t, String email, int end) {
        return email.toLowerCase(Locale.ROOT).startsWith("git@") && end < t.length() && t.charAt(end) == ':';
    }

    /**
     * "Output format (json, yaml, wide)": a lower-case word in a bracketed list of lower-case single words where most
     * of the others are no one's name.
     */
    private static boolean valueList(String t, int start, int end) {
        int open = Math.max(t.lastIndexOf('(', start), t.lastIndexOf('[', start));
        if (open < 0 || start - open > 60) {
            return false;
        }
        char closer = t.charAt(open) == '(' ? ')' : ']';
        int close = t.indexOf(closer, end);
        if (close < 0 || close - end > 60) {
            return false;
        }
        String[] items = t.substring(open + 1, close).split("\\s*[,|/]\\s*");
        if (items.length < 3) {
            return false;
        }
        int others = 0;
        for (String item : items) {
            String w = item.strip();
            if (w.isEmpty() || !w.matches("[a-z][a-z0-9_-]*")) {
                return false;
            }
            if (!NameLists.GIVEN.contains(w) && !NameLists.SURNAMES.contains(w)) {
                others++;
            }
        }
        return others * 2 >= items.length;
    }

    private static final Pattern OTHER_WORD = Pattern.compile("\\p{L}+");

    private static boolean software(String t, int start, int end) {
        String word = t.substring(start, end).toLowerCase(Locale.ROOT);
        if (!SOFTWARE.contains(word)) {
            return false;
        }
        String around = t.substring(Math.max(0, start - 160), Math.min(t.length(), end + 160));
        if (TECH_CUE.matcher(around).find()
                || VERSION_AFTER
                        .matcher(t.substring(end, Math.min(t.length(), end + 16)))
                        .find()) {
            return true;
        }
        Matcher w = OTHER_WORD.matcher(around); // another software name near it ("Cassandra On Kubernetes")
        while (w.find()) {
            String o = w.group().toLowerCase(Locale.ROOT);
            if (!o.equals(word) && SOFTWARE.contains(o)) {
                return true;
            }
        }
        return false;
    }
}
