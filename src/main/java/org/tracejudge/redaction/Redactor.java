package org.tracejudge.redaction;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Removes personal details from text before it goes to a judge, and says what it removed: every span it replaces
 * is reported (start, end, kind) and shown in the text as its kind in brackets ({@code [NAME]}, {@code [PHONE]},
 * {@code [IBAN]}…), so a reviewer of the preview sees what was hidden and why.
 *
 * <p>The detectors, each measured on the development set ({@code redact --evaluate}): {@link Secrets} and
 * {@link HighEntropy} (API keys, tokens, passwords, private keys; in every mode, not only strict), {@link
 * NationalIds} and {@link BankAccounts} (issue 47), {@link Contacts} (e-mails in
 * plain, spaced and spelled forms, social handles, profile URLs), {@link Identifiers} (IBAN, cards, SSN, NHS, NI,
 * Steuer-ID, Aadhaar, IP addresses, each with its check), {@link Phones} (libphonenumber), {@link BirthDates},
 * {@link Addresses} (per-country grammars) and {@link Names} (gazetteers, cues, ambiguity lists), run in order by
 * {@link Recognizers} and merged by {@link Resolver}. Strict mode (for
 * remote judges) prefers over-redaction: any capitalised unknown word, any long number, any URL. A project may add
 * words never to redact (allow) and strings always to redact (deny). After the names, {@link Holidays} and {@link
 * CodeWords} drop names that are a holiday's ("Valentine's Day") or the first part of a word of code ("arn:aws").
 */
public final class Redactor {
    public enum Kind {
        EMAIL,
        PHONE,
        NAME,
        ADDRESS,
        DOB,
        IBAN,
        CARD,
        SSN,
        NHS,
        NI,
        TAX_ID,
        AADHAAR,
        IP,
        /** A national id with no kind of its own: French NIR, Spanish DNI/NIE, Irish PPS, Australian TFN, Italian
         * codice fiscale, Dutch BSN, Indian PAN. */
        NATIONAL_ID,
        /** A bank account number after a sort code, routing number, BSB, IFSC or account cue (IBANs are {@link #IBAN}). */
        ACCOUNT,
        /** An API key, access token, password or private key ({@link Secrets}, {@link HighEntropy}). */
        SECRET,
        HANDLE,
        URL,
        REDACTED
    }

    /**
     * One redacted span of the original text.
     *
     * @param why what the detector recognised, in words ("Anthropic API key", "Irish PPS number, check letter
     *     valid"), or null when the kind says it all
     */
    public record Span(Kind kind, int start, int end, String original, String why) {
        public Span(Kind kind, int start, int end, String original) {
            this(kind, start, end, original, null);
        }
    }

    /** @param text the redacted text; {@code spans} offsets into the original, in order */
    public record Result(String text, List<Span> spans) {
        public long count(Kind k) {
            return spans.stream().filter(s -> s.kind() == k).count();
        }
    }

    /**
     * @param strict prefer over-redaction (remote judges)
     * @param names  names to redact wherever they occur (whole words, any case)
     * @param allow  words or phrases never redacted (a span that lies inside one, or equals one, is kept)
     * @param deny   strings always redacted wherever they occur (any case)
     */
    public record Options(boolean strict, List<String> names, List<String> allow, List<String> deny) {
        public Options {
            names = clean(names);
            allow = clean(allow);
            deny = clean(deny);
        }

        public static Options defaults() {
            return new Options(false, List.of(), List.of(), List.of());
        }

        private static List<String> clean(Collection<String> in) {
            return in == null
                    ? List.of()
                    : in.stream()
                            .filter(s -> s != null && !s.isBlank())
                            .map(String::strip)
                            .toList();
        }
    }

    /** Plain-language statement of what redaction misses, for the UI and the CLI. */
    public static final String LIMITS = "Redaction takes out e-mails, phones, names (from name lists of many "
            + "languages and cues such as \"my name is\", titles, sign-offs), street addresses, dates of birth next to a "
            + "birth word, bank, account and card numbers, national ids of ten countries, IP addresses, social handles, profile "
            + "links, and API keys, tokens, passwords and private keys (by their published shapes, or random-looking "
            + "strings after a secret word); each "
            + "shows as its kind in brackets. It misses some names that are also ordinary words and have no cue, "
            + "unusual address forms, and details that identify a person by themselves (employer, diagnosis, events).";

    private final Options options;
    private final List<Recognizer> recognizers;
    private final Resolver resolver;

    public Redactor(Options options) {
        this.options = options == null ? Options.defaults() : options;
        this.recognizers = Recognizers.of(this.options);
        this.resolver = new Resolver(this.options);
    }

    /** @param knownNames names to redact wherever they occur (whole words, any case) */
    public Redactor(List<String> knownNames) {
        this(new Options(false, knownNames, List.of(), List.of()));
    }

    public Redactor() {
        this(Options.defaults());
    }

    public Options options() {
        return options;
    }

    public Result redact(String text) {
        if (text == null || text.isEmpty()) {
            return new Result(text == null ? "" : text, List.of());
        }
        return resolver.resolve(scan(text));
    }

    /**
     * The scan of {@code text} after every recognizer ran: the candidates with the recognizer and rule that found
     * each, and the keep spans with their reasons (for explaining a redaction; {@link #redact} resolves it).
     */
    Scan scan(String text) {
        Scan h = new Scan(text, options.strict());
        for (Recognizer r : recognizers) {
            h.recognizer = r.name();
            h.rule = "";
            r.recognize(h);
        }
        h.recognizer = "";
        h.rule = "";
        return h;
    }

    /** The kind of a gold label of the evaluation format ({@code email}, {@code de_tax_id}…), or null. */
    public static Kind kindOf(String label) {
        return switch (label.toLowerCase(Locale.ROOT)) {
            case "email" -> Kind.EMAIL;
            case "phone" -> Kind.PHONE;
            case "name" -> Kind.NAME;
            case "address" -> Kind.ADDRESS;
            case "dob" -> Kind.DOB;
            case "iban" -> Kind.IBAN;
            case "card" -> Kind.CARD;
            case "ssn" -> Kind.SSN;
            case "nhs" -> Kind.NHS;
            case "ni" -> Kind.NI;
            case "de_tax_id" -> Kind.TAX_ID;
            case "aadhaar" -> Kind.AADHAAR;
            case "ip" -> Kind.IP;
            case "national_id" -> Kind.NATIONAL_ID;
            case "account" -> Kind.ACCOUNT;
            case "secret" -> Kind.SECRET;
            case "handle" -> Kind.HANDLE;
            case "url" -> Kind.URL;
            default -> null;
        };
    }
}
