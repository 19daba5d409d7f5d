package org.tracejudge.importer;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.nio.file.Path;

/**
 * A file cannot be imported. The message names the file, where in it (line and column, and the
 * JSON pointer when known) and what was expected. Nothing of the import was kept.
 */
public class ImportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final String pointer;
    private final String problem;

    public ImportException(Path file, long line, String pointer, String problem) {
        super(format(file, line, -1, pointer, problem));
        this.file = file == null ? null : file.getFileName().toString();
        this.line = line;
        this.pointer = pointer;
        this.problem = problem;
    }

    public ImportException(Path file, long line, long column, String pointer, String problem, Throwable cause) {
        super(format(file, line, column, pointer, problem), cause);
        this.file = file == null ? null : file.getFileName().toString();
        this.line = line;
        this.pointer = pointer;
        this.problem = problem;
    }

    /** What was wrong, without the file and place. */
    public String problem() {
        return problem;
    }

    public String file() {
        return file;
    }

    /** 1-based line, or -1 when unknown. */
    public long line() {
        return line;
    }

    public String pointer() {
        return pointer;
    }

    private static String format(Path file, long line, long column, String pointer, String problem) {
        StringBuilder sb = new StringBuilder();
        sb.append(file == null ? "(input)" : file.getFileName().toString());
        if (line > 0) {
            sb.append(": line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
        }
        if (pointer != null && !pointer.isEmpty()) {
            sb.append(line > 0 ? " " : ": ").append("at ").append(pointer);
        }
        sb.append(": ").append(problem);
        return sb.toString();
    }

    /** Turns a Jackson parse error into a message a person can act on. */
    static ImportException fromParse(Path file, JsonProcessingException e, String pointer, long lineOffset) {
        JsonLocation loc = e.getLocation();
        long line = loc == null ? -1 : loc.getLineNr() + lineOffset;
        long col = loc == null ? -1 : loc.getColumnNr();
        String msg = String.valueOf(e.getOriginalMessage());
        String problem;
        // the parser knows the exact place: prefer its pointer when it goes deeper than the caller's
        if (e.getProcessor() instanceof com.fasterxml.jackson.core.JsonParser p && p.getParsingContext() != null) {
            String here = p.getParsingContext().pathAsPointer().toString();
            String base = pointer == null ? "" : pointer;
            if (!here.isEmpty() && !here.equals("/")) {
                pointer = here.startsWith(base) || base.isEmpty() || lineOffset != 0 ? here : base + here;
            }
        }
        if (e instanceof StrictJson.Invalid) {
            problem = msg;
        } else if (msg.startsWith("Duplicate field") || msg.startsWith("Duplicate Object property")) {
            problem = "a key given twice (" + firstSentence(msg) + "); expected each key once";
        } else if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException
                && msg.contains("nesting depth")) {
            problem = "nested deeper than " + StrictJson.MAX_DEPTH + " levels (expected at most " + StrictJson.MAX_DEPTH
                    + ")";
        } else if (msg.contains("Non-standard token 'NaN'")
                || msg.contains("Non-standard token 'Infinity'")
                || msg.contains("Non-standard token '-Infinity'")
                || msg.contains("Non-standard token '+Infinity'")) {
            problem = "NaN and Infinity are not JSON numbers (expected a finite number)";
        } else if (e instanceof JsonEOFException || msg.contains("end-of-input")) {
            problem = "the file ends in the middle of a JSON value (truncated?)";
        } else if (msg.contains("surrogate")) {
            // newer Jackson refuses a lone surrogate escape itself (in keys): the same words as StrictJson's
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("0x([0-9a-fA-F]{4})").matcher(msg);
            problem = "invalid Unicode" + (msg.contains("field name") ? " in a key" : "") + ": a lone surrogate"
                    + (m.find() ? " \\u" + m.group(1).toLowerCase(java.util.Locale.ROOT) : "")
                    + " (expected whole characters; a surrogate escape must come in a high-low pair)";
        } else if (msg.contains("Invalid UTF-8")
                || msg.contains("Invalid UTF-32")
                || msg.contains("Unexpected character (0xFFFD")) {
            problem = "not UTF-8 text (" + firstSentence(msg) + "); save the file as UTF-8 and import it again";
        } else {
            problem = "not valid JSON: " + firstSentence(msg);
        }
        return new ImportException(file, line, col, pointer, problem, e);
    }

    private static String firstSentence(String msg) {
        int nl = msg.indexOf('\n');
        return (nl < 0 ? msg : msg.substring(0, nl)).trim();
    }
}
