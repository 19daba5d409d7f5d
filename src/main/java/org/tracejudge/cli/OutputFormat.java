package org.tracejudge.cli;

import java.util.Iterator;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The one type of every command's output format ({@code --format}, and {@code import --output}). A command takes
 * the values it accepts by its mixin: {@code @Mixin OutputFormat.TextJson output;} then {@code output.json()}.
 * A value outside the command's set is refused as picocli refuses an enum value (usage error, exit 2), naming
 * only the values that command accepts.
 */
enum OutputFormat {
    text,
    table,
    json,
    csv,
    markdown;

    /** The values one option accepts: its converter (case-insensitive) and its completion candidates. */
    abstract static class Accepted implements CommandLine.ITypeConverter<OutputFormat>, Iterable<String> {
        private final List<OutputFormat> values;

        Accepted(OutputFormat... values) {
            this.values = List.of(values);
        }

        @Override
        public OutputFormat convert(String value) {
            for (OutputFormat f : values) {
                if (f.name().equalsIgnoreCase(value)) {
                    return f;
                }
            }
            throw new CommandLine.TypeConversionException(
                    "expected one of " + values + " (case-insensitive) but was '" + value + "'");
        }

        @Override
        public Iterator<String> iterator() {
            return values.stream().map(Enum::name).iterator();
        }
    }

    /** What every {@code --format} mixin gives its command. */
    abstract static class Choice {
        abstract OutputFormat format();

        final boolean json() {
            return format() == json;
        }

        final boolean is(OutputFormat f) {
            return format() == f;
        }
    }

    /** The values {@link TextJson} accepts. */
    static final class TextJsonValues extends Accepted {
        TextJsonValues() {
            super(text, json);
        }
    }

    /** {@code --format text|json}, default text: a summary or report as text or JSON. */
    static final class TextJson extends Choice {
        @Option(
                names = "--format",
                defaultValue = "text",
                paramLabel = "text|json",
                converter = TextJsonValues.class,
                completionCandidates = TextJsonValues.class,
                description = "text or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** The values {@link TableJson} accepts. */
    static final class TableJsonValues extends Accepted {
        TableJsonValues() {
            super(table, json);
        }
    }

    /** {@code --format table|json}, default table. */
    static final class TableJson extends Choice {
        @Option(
                names = "--format",
                defaultValue = "table",
                paramLabel = "table|json",
                converter = TableJsonValues.class,
                completionCandidates = TableJsonValues.class,
                description = "table or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** The values {@link CsvJson} accepts. */
    static final class CsvJsonValues extends Accepted {
        CsvJsonValues() {
            super(csv, json);
        }
    }

    /** {@code --format csv|json}, default csv. */
    static final class CsvJson extends Choice {
        @Option(
                names = "--format",
                defaultValue = "csv",
                paramLabel = "csv|json",
                converter = CsvJsonValues.class,
                completionCandidates = CsvJsonValues.class,
                description = "csv or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** The values {@link TableJsonCsv} accepts. */
    static final class TableJsonCsvValues extends Accepted {
        TableJsonCsvValues() {
            super(table, json, csv);
        }
    }

    /** {@code --format table|json|csv}, default table. */
    static final class TableJsonCsv extends Choice {
        @Option(
                names = "--format",
                defaultValue = "table",
                paramLabel = "table|json|csv",
                converter = TableJsonCsvValues.class,
                completionCandidates = TableJsonCsvValues.class,
                description = "table, json or csv (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** The values {@link Report} accepts. */
    static final class ReportValues extends Accepted {
        ReportValues() {
            super(table, json, csv, markdown);
        }
    }

    /** {@code --format table|json|csv|markdown}, default table: the reports with every form. */
    static final class Report extends Choice {
        @Option(
                names = "--format",
                defaultValue = "table",
                paramLabel = "FORMAT",
                converter = ReportValues.class,
                completionCandidates = ReportValues.class,
                description = "table, json, csv or markdown (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }
}
