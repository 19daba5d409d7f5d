package org.tracejudge.csv;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One CSV cell or line as Tracejudge writes them for spreadsheets. Text that came from a file or a person (a model's
 * or rater's name, a task id, a comment) can begin with a character that Excel, LibreOffice Calc or Google Sheets
 * read as the start of a formula ({@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return: OWASP's
 * "CSV Injection" list); such a cell gets a leading {@code '} so the spreadsheet shows it as text and runs nothing.
 * A plain number ({@code -3}, {@code +1.5e-3}) is left as it is: a spreadsheet reads it as that number. The JSON and
 * JSONL outputs carry every value exactly as stored; only CSV changes it, and only by that one character.
 * Quoting follows RFC 4180: a cell holding a comma, a double quote, a line feed or a carriage return is quoted, its
 * quotes doubled.
 */
public final class Csv {
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private Csv() {}

    /** {@code value} as one CSV cell (null as the empty cell), neutralised and quoted as the class comment says. */
    public static String cell(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        String c = formulaLike(value) ? "'" + value : value;
        if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
            return '"' + c.replace("\"", "\"\"") + '"';
        }
        return c;
    }

    /** The cells as one line (no line end), each through {@link #cell}. */
    public static String line(List<String> cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(cell(cells.get(i)));
        }
        return sb.toString();
    }

    /** Whether a spreadsheet could take {@code value} for a formula: its first character starts one, and it is no number. */
    static boolean formulaLike(String value) {
        char first = value.charAt(0);
        boolean starts = first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
        return starts && !PLAIN_NUMBER.matcher(value).matches();
    }
}
