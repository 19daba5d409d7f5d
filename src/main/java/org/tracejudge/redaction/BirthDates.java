package org.tracejudge.redaction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates of birth: a date in any common form (14/03/1998, 1998-03-14, 14th March 98, March 14 1998, "March 90",
 * "14 mars 1998", a year alone after "born in") next to a birth cue ("born", "dob", "d.o.b", "date of birth",
 * "birthday is", "bday", "geboren", "né le", "nacido"), before or after it. A date with no birth cue is left: it is
 * an appointment or an event.
 */
final class BirthDates {
    private BirthDates() {}

    private static final String MONTH_EN =
            "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
                    + "|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
    private static final String MONTH_OTHER = "janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre"
            + "|novembre|d[ée]cembre|januar|jänner|februar|märz|maerz|juni|juli|oktober|dezember"
            + "|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
            + "|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
            + "|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro"
            + "|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря";
    private static final String MONTH = "(?:" + MONTH_EN + "|" + MONTH_OTHER + ")\\.?";
    private static final String DAY = "(?:[12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th|er|º|\\.)?";
    private static final String YEAR = "(?:(?:19|20)\\d{2}|['’]\\d{2}|\\d{2})";
    /** A day written as an ordinal word ("the nineteenth of may"). */
    private static final String DAY_WORD =
            "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
                    + "twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|"
                    + "twenty[-\\s]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|thirty[-\\s]?first)";

    private static final String UNIT = "(?:one|two|three|four|five|six|seven|eight|nine)";
    /** A year written in words ("nineteen ninety", "nineteen eighty-seven", "two thousand and one"). */
    private static final String YEAR_WORDS =
            "(?:nineteen\\s+(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
                    + "(?:[-\\s]?" + UNIT + ")?|oh\\s+" + UNIT
                    + "|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
                    + "eighteen|nineteen)|two\\s+thousand(?:\\s+and)?(?:\\s+(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                    + "seventeen|eighteen|nineteen|" + UNIT + "))?|twenty\\s+(?:oh\\s+" + UNIT
                    + "|ten|eleven|twelve|thirteen|fourteen|"
                    + "fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[-\\s]?" + UNIT + ")?))";
    /** A season or a feast day of a year ("summer 2002", "christmas day 1991"). */
    private static final String SEASON = "(?:spring|summer|autumn|fall|winter|christmas(?:\\s+(?:day|eve))?|"
            + "new\\s+year['’]?s?\\s+(?:day|eve)|easter(?:\\s+(?:sunday|monday))?|halloween|bonfire\\s+night)";

    private static final String DATE = "(?:\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}"
            + "|(?:the\\s+)?" + DAY_WORD + "\\s+(?:of\\s+)?" + MONTH + "(?:,?\\s+(?:of\\s+)?(?:" + YEAR_WORDS
            + "|(?:19|20)\\d{2}))?"
            + "|" + MONTH + "\\s+(?:the\\s+)?" + DAY_WORD + "(?:,?\\s+(?:" + YEAR_WORDS + "|(?:19|20)\\d{2}))?"
            + "|" + SEASON + "\\s+(?:of\\s+)?(?:(?:19|20)\\d{2}|['’]\\d{2})"
            + "|\\d{1,2}\\s*[./-]\\s*\\d{1,2}\\s*[./-]\\s*(?:\\d{4}|\\d{2})"
            + "|(?:19|20)\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])"
            + "|(?:0[1-9]|[12]\\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\\d{2}"
            + "|\\d{1,2}-" + MONTH + "-\\d{2,4}"
            + "|(?:the\\s+)?" + DAY + "\\s*(?:of\\s+|de\\s+)?" + MONTH + "(?:,?\\s*(?:de\\s+|of\\s+)?" + YEAR + ")?"
            + "|" + MONTH + "\\s+(?:the\\s+)?" + DAY + "(?:,?\\s+" + YEAR + ")?"
            + "|" + MONTH + ",?\\s+(?:of\\s+)?" + YEAR
            + "|\\d{1,2}[./]\\d{4}"
            + "|\\d{4}\\s*年\\s*\\d{1,2}\\s*月\\s*\\d{1,2}\\s*日"
            + "|(?:19|20)\\d{2}"
            + "|(?:0?[1-9]|[12]\\d|3[01])\\s?[./-]\\s?(?:0?[1-9]|1[0-2]))";
    private static final Pattern DATE_P = Pattern.compile("(?iu)(?<![\\p{IsLatin}\\p{IsCyrillic}\\p{N}])" + DATE
            + "(?![\\p{IsLatin}\\p{IsCyrillic}\\p{N}]|[./-]\\d)");
    private static final Pattern CUE =
            Pattern.compile("(?iu)(?:\\bborn\\b|(?<![\\p{L}])b\\.\\s|\\bd\\.?\\s?o\\.?\\s?b\\b\\.?|"
                    + "date\\s+of\\s+birth|\\bbirth\\s*day|\\bbday|\\bb-day|\\bbirthdate|\\bbirth\\s+date|\\bdate\\s+de\\s+naissance"
                    + "|\\bn[ée]e?\\s+le\\b|\\bn[ée]e?\\s+en\\b|\\bgeboren|\\bgeburtsdatum|\\bgeburtstag|\\bgeb\\.|\\bnac[ií]d[oa]|"
                    + "\\bnac[ií]\\b|\\bfecha\\s+de\\s+nacimiento|\\bcumplea[ñn]os|\\bcumple\\b|\\banniversaire|\\bnat[oa]\\s+il|"
                    + "\\bdata\\s+di\\s+nascita|\\bcompleanno|\\bjanam\\s+din|\\bjanamdin|\\bdob\\b|\\bnasci|\\bnascid[oa]"
                    + "|data\\s+de\\s+nascimento|родил(?:ся|ась)|дата\\s+рождения|出生|生日|geboortedatum|\\bgeboren)");
    private static final Pattern CUE_AFTER =
            Pattern.compile("(?iu)^\\s*(?:is\\s+)?(?:\\(?\\s*(?:my\\s+)?(?:dob|d\\.o\\.b|"
                    + "birthday|bday|date\\s+of\\s+birth)|geboren|born|né|née|nacid[oa]|nat[oa])\\b");
    /** Words after a birth cue that mean the date is not the writer's birth ("born again", "birthday party on"). */
    private static final Pattern NOT_BIRTH = Pattern.compile(
            "(?iu)^(?:\\s*(?:party|parties|card|cards|present|presents|" + "gift|cake|dinner|drinks|plans?)\\b)");

    private static final int REACH = 45;
    private static final Pattern BORN_IN_YY =
            Pattern.compile("(?iu)\\bborn\\s+(?:in\\s+(['’]?\\d{2})|(['’]\\d{2}))(?![\\d:./])(?!\\s*(?:weeks?|"
                    + "days?|months?|hours?|hrs?|mins?|minutes?|%|kg|lbs?|years?))");

    /** Cheap look for a birth word before the regular expressions run. */
    private static final String[] HINTS = {
        "born",
        "b.",
        "dob",
        "d.o",
        "birth",
        "bday",
        "b-day",
        "naiss",
        "né",
        "nee",
        "née",
        "geb",
        "nac",
        "cumple",
        "anniv",
        "nat",
        "nasc",
        "compleanno",
        "janam",
        "родил",
        "рожд",
        "出生",
        "生日",
        "geboorte"
    };

    static void find(Scan h) {
        String t = h.text;
        boolean any = false;
        for (String hint : HINTS) {
            if (h.lower.contains(hint)) {
                any = true;
                break;
            }
        }
        if (!any) {
            return;
        }
        Matcher cue = CUE.matcher(t);
        Matcher date = DATE_P.matcher(t);
        while (cue.find()) {
            String after = t.substring(cue.end(), Math.min(t.length(), cue.end() + 20));
            if (NOT_BIRTH.matcher(after).lookingAt()) {
                continue;
            }
            date.region(cue.end(), Math.min(t.length(), cue.end() + REACH));
            while (date.find()) {
                String between = t.substring(cue.end(), date.start());
                // "born in 1990" takes a year alone; "birthday is the 3rd of may" a day and month
                if (date.group().matches("(?:19|20)\\d{2}")
                        && !between.matches("(?iu).*\\b(?:in|:|is|was|of)\\s*$")
                        && !between.isBlank()) {
                    continue;
                }
                if (between.matches("(?su).*[.!?]\\s.*")) {
                    break; // another sentence
                }
                h.add(Redactor.Kind.DOB, date.start(), date.end());
                break;
            }
        }
        Matcher shortYear = BORN_IN_YY.matcher(t);
        while (shortYear.find()) {
            int g = shortYear.group(1) != null ? 1 : 2;
            h.add(Redactor.Kind.DOB, shortYear.start(g), shortYear.end(g)); // "born in 91", "born '89"
        }
        date.reset();
        Matcher after = CUE_AFTER.matcher(t);
        while (date.find()) {
            if (date.group().matches("(?:19|20)\\d{2}")) {
                continue;
            }
            after.region(date.end(), Math.min(t.length(), date.end() + 30));
            if (after.lookingAt()) {
                h.add(Redactor.Kind.DOB, date.start(), date.end());
            }
        }
    }
}
