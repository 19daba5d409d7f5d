package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets agents meet in tool returns, recognised by their published shapes: provider API keys (OpenAI {@code sk-},
 * Anthropic {@code sk-ant-}, Google {@code AIza}, Hugging Face {@code hf_}, Stripe {@code sk_live_}, Slack {@code
 * xox?-}, GitLab {@code glpat-}, npm {@code npm_}), AWS access key ids ({@code AKIA…}), GitHub tokens ({@code ghp_},
 * {@code gho_}, {@code github_pat_}…), JSON Web Tokens, {@code Bearer}/{@code Basic} credentials, PEM private key
 * blocks, passwords in URLs and the values of fields named for a secret ({@code "password": …}, {@code
 * client_secret=…}). Each finding says what it is. Strings of no known shape are {@link HighEntropy}'s.
 *
 * <p>The shapes are from each provider's documentation of its key or token format (GitHub: "Behind GitHub's new
 * authentication token formats", 2021; AWS IAM "Understanding unique ID prefixes"; RFC 7519 for JWTs, RFC 7468 for
 * PEM, RFC 6750 for bearer tokens, RFC 3986 for user information in URLs).
 */
final class Secrets {
    private Secrets() {}

    /** One secret: where it is in the text and what it was recognised as. */
    record Finding(int start, int end, String why) {}

    /** A shape: a cheap literal that must occur, the pattern, the group holding the secret, and its name. */
    private record Shape(String literal, Pattern pattern, int group, String why) {}

    private static final String B = "(?<![A-Za-z0-9_-])";

    private static final List<Shape> SHAPES = List.of(
            new Shape(
                    "sk-ant-", Pattern.compile(B + "(sk-ant-[a-z]+[0-9]*-[A-Za-z0-9_-]{20,})"), 1, "Anthropic API key"),
            new Shape(
                    "sk-",
                    Pattern.compile(B + "(sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,})"),
                    1,
                    "OpenAI API key"),
            new Shape(
                    "",
                    Pattern.compile(
                            "(?<![A-Z0-9])((?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16})(?![A-Za-z0-9])"),
                    1,
                    "AWS access key id"),
            new Shape("gh", Pattern.compile(B + "(gh[pousr]_[A-Za-z0-9]{30,})"), 1, "GitHub token"),
            new Shape("github_pat_", Pattern.compile(B + "(github_pat_[A-Za-z0-9_]{22,})"), 1, "GitHub token"),
            new Shape("glpat-", Pattern.compile(B + "(glpat-[A-Za-z0-9_-]{20,})"), 1, "GitLab token"),
            new Shape("xox", Pattern.compile(B + "(xox[abposre]-[A-Za-z0-9-]{10,})"), 1, "Slack token"),
            new Shape(
                    "_",
                    Pattern.compile(B + "((?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/=]{24,})"),
                    1,
                    "Stripe secret key"),
            new Shape("AIza", Pattern.compile(B + "(AIza[0-9A-Za-z_-]{35})"), 1, "Google API key"),
            new Shape("ya29.", Pattern.compile(B + "(ya29\\.[0-9A-Za-z_-]{20,})"), 1, "Google OAuth token"),
            new Shape("hf_", Pattern.compile(B + "(hf_[A-Za-z0-9]{30,})"), 1, "Hugging Face token"),
            new Shape("npm_", Pattern.compile(B + "(npm_[A-Za-z0-9]{36})"), 1, "npm token"),
            new Shape("pypi-", Pattern.compile(B + "(pypi-AgE[A-Za-z0-9_-]{50,})"), 1, "PyPI token"),
            new Shape("gsk_", Pattern.compile(B + "(gsk_[A-Za-z0-9]{40,})"), 1, "Groq API key"),
            new Shape("xai-", Pattern.compile(B + "(xai-[A-Za-z0-9]{40,})"), 1, "xAI API key"),
            new Shape("SG.", Pattern.compile(B + "(SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{20,})"), 1, "SendGrid key"),
            new Shape("dop_v1_", Pattern.compile(B + "(dop_v1_[a-f0-9]{64})"), 1, "DigitalOcean token"),
            new Shape(
                    "eyJ",
                    Pattern.compile(B + "(eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,})"),
                    1,
                    "JSON Web Token"));

    /** RFC 7468 private key blocks; the end line may be missing (a truncated tool return). */
    private static final Pattern PEM_BEGIN = Pattern.compile("-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----");

    private static final Pattern PEM_END = Pattern.compile("-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----");

    /** RFC 6750 bearer tokens and HTTP Basic credentials. */
    private static final Pattern AUTH_SCHEME =
            Pattern.compile("(?i)(?<![A-Za-z0-9])(bearer|basic)\\s+([A-Za-z0-9._~+/=-]{12,})");

    /** GitHub's "Authorization: token X". */
    private static final Pattern AUTH_TOKEN =
            Pattern.compile("(?i)authorization[\"']?\\s*[:=]\\s*[\"']?token\\s+([A-Za-z0-9._~+/=-]{12,})");

    /** RFC 3986 user information with a password: {@code scheme://user:password@host}. */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{1,15}://[^\\s:/@\"'<>]+:([^\\s/@\"'<>]+)@");

    /** A field whose name says it holds a secret, and its value: {@code "password": "…"}, {@code API_KEY=…}. */
    private static final Pattern FIELD = Pattern.compile(
            "(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]{1,60})\\\\?[\"']?\\s*[:=]\\s*\\\\?[\"']?([^\\s\"',;}{)(<>&\\\\]+)");

    /** Words of a field name that make it a secret's name (after splitting on _ . - and case changes). */
    private static final Set<String> SECRET_WORDS = Set.of(
            "password",
            "passwd",
            "passphrase",
            "pwd",
            "secret",
            "token",
            "apikey",
            "authtoken",
            "credential",
            "credentials",
            "privatekey",
            "secretkey",
            "accesskey");

    /** Two-word secret names: "api key", "access key", "account key"… */
    private static final Set<String> SECRET_PAIRS = Set.of(
            "api key",
            "access key",
            "secret key",
            "private key",
            "signing key",
            "account key",
            "master key",
            "encryption key",
            "client secret",
            "auth key",
            "session key");

    /** Words of a field name that make it about a secret rather than the secret itself. */
    private static final Set<String> ABOUT_WORDS = Set.of(
            "type",
            "types",
            "stdin",
            "prompt",
            "count",
            "length",
            "len",
            "limit",
            "limits",
            "id",
            "ids",
            "url",
            "uri",
            "env",
            "file",
            "path",
            "name",
            "set",
            "at",
            "expires",
            "expiry",
            "expiration",
            "ttl",
            "hint",
            "field",
            "endpoint",
            "policy",
            "required",
            "version",
            "usage",
            "method",
            "max",
            "min",
            "num",
            "total",
            "header",
            "scope",
            "scopes",
            "provider",
            "prefix",
            "suffix",
            "rotation",
            "rotated",
            "created",
            "updated",
            "last",
            "reset",
            "strength",
            "changed",
            "enabled",
            "mode",
            "kind",
            "source",
            "tokens",
            "budget",
            "used",
            "remaining",
            "format",
            "algorithm",
            "alg",
            "hash",
            "salt",
            "label",
            "index",
            "position",
            "config",
            "var",
            "variable",
            "page",
            "next",
            "cursor",
            "continuation",
            "pagination",
            "csrf",
            "xsrf");

    /** Values that stand for a secret without being one. */
    private static final Set<String> PLACEHOLDERS = Set.of(
            "null",
            "none",
            "nil",
            "true",
            "false",
            "undefined",
            "redacted",
            "hidden",
            "masked",
            "required",
            "optional",
            "string",
            "example",
            "password",
            "secret",
            "token",
            "bearer",
            "basic",
            "changeme",
            "your_api_key",
            "your-api-key",
            "api_key",
            "apikey",
            "n/a");

    static void find(Scan h) {
        for (Finding f : scan(h.text)) {
            h.add(Redactor.Kind.SECRET, f.start(), f.end(), f.why());
        }
    }

    /** Every secret in the text, in no particular order (spans may overlap). */
    static List<Finding> scan(String text) {
        List<Finding> out = new ArrayList<>();
        for (Shape s : SHAPES) {
            if (!s.literal().isEmpty() && !text.contains(s.literal())) {
                continue;
            }
            Matcher m = s.pattern().matcher(text);
            while (m.find()) {
                String v = m.group(s.group());
                if (s.why().startsWith("OpenAI") && !HighEntropy.mixed(v.substring(3))) {
                    continue; // "sk-learn-contrib-extension": a word with a dash, not a key
                }
                if (v.chars().distinct().count() < 8) {
                    continue; // "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX": a placeholder in the key's shape
                }
                out.add(new Finding(m.start(s.group()), m.end(s.group()), s.why()));
            }
        }
        pem(text, out);
        if (text.indexOf("earer") >= 0 || text.indexOf("asic") >= 0 || text.indexOf("EARER") >= 0) {
            Matcher m = AUTH_SCHEME.matcher(text);
            while (m.find()) {
                String v = m.group(2);
                boolean basic = m.group(1).equalsIgnoreCase("basic");
                if (HighEntropy.mixed(v) && !placeholder(v) && (!basic || basicCue(text, m.start()))) {
                    out.add(new Finding(m.start(2), m.end(2), basic ? "HTTP Basic credentials" : "bearer token"));
                }
            }
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("authorization") && lower.contains("token ")) {
            Matcher m = AUTH_TOKEN.matcher(text);
            while (m.find()) {
                out.add(new Finding(m.start(1), m.end(1), "access token in an Authorization header"));
            }
        }
        if (text.contains("://")) {
            Matcher m = URL_PASSWORD.matcher(text);
            while (m.find()) {
                if (!placeholder(m.group(1)) && m.group(1).length() >= 4) {
                    out.add(new Finding(m.start(1), m.end(1), "password in a URL"));
                }
            }
        }
        fields(text, out);
        flags(text, out);
        return out;
    }

    /** A command-line option and its value: {@code --password X}, {@code --api-key=X}, {@code -p X}. */
    private static final Pattern FLAG =
            Pattern.compile("(?<![\\w-])(--?[A-Za-z][A-Za-z0-9-]{0,40})(?:=|[ \\t]+)(?![-$<{\\[])([^\\s\"'`;|&)]+)");

    /** A registry login, where {@code -p} is the password (docker, podman, buildah, helm registry, oras, skopeo). */
    private static final Pattern LOGIN = Pattern.compile(
            "(?i)\\b(?:docker|podman|buildah|nerdctl|oras|skopeo|helm\\s+registry)\\s+login\\b[^\\n]*$");

    /**
     * Values of command-line options named for a secret ({@code --password}, {@code --token}, {@code --client-secret},
     * {@code --api-key}), and of {@code -p} in a registry login; not {@code --password-stdin} or {@code --token-file},
     * whose names say where the secret is.
     */
    private static void flags(String text, List<Finding> out) {
        if (text.indexOf('-') < 0) {
            return;
        }
        Matcher m = FLAG.matcher(text);
        while (m.find()) {
            String flag = m.group(1);
            String v = m.group(2);
            String name = flag.replaceFirst("^-+", "");
            boolean login = flag.equals("-p")
                    && LOGIN.matcher(text.substring(Math.max(0, text.lastIndexOf('\n', m.start()) + 1), m.start()))
                            .find();
            if (!login && !(flag.startsWith("--") && secretName(name))) {
                continue;
            }
            if (v.length() < 6 || placeholder(v) || v.chars().allMatch(Character::isDigit)) {
                continue;
            }
            boolean pw = login || words(name).stream().anyMatch(w -> w.startsWith("pass") || w.equals("pwd"));
            if (!pw && !(v.length() >= 8 && HighEntropy.mixed(v))) {
                continue;
            }
            out.add(new Finding(m.start(2), m.end(2), "value of the option " + flag));
        }
    }

    private static boolean basicCue(String text, int at) {
        String before = text.substring(Math.max(0, at - 30), at).toLowerCase(Locale.ROOT);
        return before.contains("authorization") || before.contains("auth");
    }

    private static void pem(String text, List<Finding> out) {
        if (!text.contains("-----BEGIN")) {
            return;
        }
        Matcher m = PEM_BEGIN.matcher(text);
        while (m.find()) {
            Matcher e = PEM_END.matcher(text);
            int end;
            if (e.find(m.end())) {
                end = e.end();
            } else {
                // no end line: the base64 body up to the first character that cannot be in it
                end = m.end();
                while (end < text.length()) {
                    char c = text.charAt(end);
                    boolean body = (Character.isLetterOrDigit(c) && c < 128)
                            || c == '+'
                            || c == '/'
                            || c == '='
                            || c == '\n'
                            || c == '\r'
                            || c == ' '
                            || c == ':'
                            || c == '-'
                            || c == ','
                            || (c == '\\' && end + 1 < text.length() && text.charAt(end + 1) == 'n');
                    if (!body) {
                        break;
                    }
                    end += c == '\\' ? 2 : 1;
                }
            }
            out.add(new Finding(m.start(), end, "private key block"));
        }
    }

    private static void fields(String text, List<Finding> out) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (!(lower.contains("pass")
                || lower.contains("pwd")
                || lower.contains("secret")
                || lower.contains("token")
                || lower.contains("key")
                || lower.contains("credential"))) {
            return;
        }
        Matcher m = FIELD.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            from = m.end(1); // "tool_result: password=…": a name that is not a secret's must not swallow the next field
            String name = m.group(1);
            String v = m.group(2);
            boolean password = secretName(name);
            if (!password) {
                continue;
            }
            if (v.length() < 6 || placeholder(v) || v.chars().allMatch(Character::isDigit)) {
                continue;
            }
            if (v.startsWith("-----BEGIN")) {
                continue; // the PEM rule takes the block whole
            }
            boolean pw = words(name).stream().anyMatch(w -> w.startsWith("pass") || w.equals("pwd"));
            if (!pw && !(v.length() >= 8 && HighEntropy.mixed(v))) {
                continue; // "token": "expired", "secret": "Shakespeare": a word, not a secret
            }
            out.add(new Finding(m.start(2), m.end(2), "value of the field " + name));
        }
    }

    /** Whether a field name names a secret ("client_secret", "SecretAccessKey", "x-api-key", "_authToken"). */
    static boolean secretName(String name) {
        List<String> w = words(name);
        boolean secret = false;
        for (int i = 0; i < w.size(); i++) {
            String a = w.get(i);
            if (SECRET_WORDS.contains(a) || (i + 1 < w.size() && SECRET_PAIRS.contains(a + " " + w.get(i + 1)))) {
                secret = true;
            }
        }
        if (!secret) {
            return false;
        }
        String last = w.get(w.size() - 1);
        for (String a : w) {
            if (ABOUT_WORDS.contains(a) && !(a.equals("id") && !last.equals("id"))) {
                return false;
            }
        }
        return true;
    }

    /** The words of a field name, lower case: split at {@code _ . -} and at each lower-to-upper change. */
    static List<String> words(String name) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean sep = c == '_' || c == '.' || c == '-';
            boolean hump = i > 0 && Character.isUpperCase(c) && Character.isLowerCase(name.charAt(i - 1));
            if ((sep || hump) && sb.length() > 0) {
                out.add(sb.toString().toLowerCase(Locale.ROOT));
                sb.setLength(0);
            }
            if (!sep) {
                sb.append(c);
            }
        }
        if (sb.length() > 0) {
            out.add(sb.toString().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** A value that stands for a secret without being one: {@code ***}, {@code ••••ab12}, {@code <token>}, {@code ${KEY}}, a word. */
    static boolean placeholder(String v) {
        String l = v.toLowerCase(Locale.ROOT);
        return PLACEHOLDERS.contains(l)
                || l.contains("***")
                || l.contains("...")
                || l.contains("…")
                || l.contains("•••")
                || l.contains("●●●")
                || l.contains("xxxx")
                || l.contains("environ")
                || l.contains("getenv")
                || l.startsWith("process.env")
                || l.startsWith("$")
                || l.startsWith("%")
                || l.startsWith("<")
                || l.startsWith("{")
                || l.startsWith("[")
                || l.startsWith("op://")
                || l.startsWith("vault:");
    }
}
