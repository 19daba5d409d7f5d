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
    text, table, json, csv, markdown;

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
            throw new CommandLine.TypeConversionException("expected one of " + values + " (case-insensitive) but was '"
                    + value + "'");
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

    /** {@code --format text|json}, default text: a summary or report as text or JSON. */
    static final class TextJson extends Choice {
        static final class Values extends Accepted {
            Values() {
                super(text, json);
            }
        }

        @Option(names = "--format", defaultValue = "text", paramLabel = "text|json", converter = Values.class,
                completionCandidates = Values.class, description = "text or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** {@code --format table|json}, default table. */
    static final class TableJson extends Choice {
        static final class Values extends Accepted {
            Values() {
                super(table, json);
            }
        }

        @Option(names = "--format", defaultValue = "table", paramLabel = "table|json", converter = Values.class,
                completionCandidates = Values.class, description = "table or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** {@code --format csv|json}, default csv. */
    static final class CsvJson extends Choice {
        static final class Values extends Accepted {
            Values() {
                super(csv, json);
            }
        }

        @Option(names = "--format", defaultValue = "csv", paramLabel = "csv|json", converter = Values.class,
                completionCandidates = Values.class, description = "csv or json (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** {@code --format table|json|csv}, default table. */
    static final class TableJsonCsv extends Choice {
        static final class Values extends Accepted {
            Values() {
                super(table, json, csv);
            }
        }

        @Option(names = "--format", defaultValue = "table", paramLabel = "table|json|csv", converter = Values.class,
                completionCandidates = Values.class, description = "table, json or csv (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }

    /** {@code --format table|json|csv|markdown}, default table: the reports with every form. */
    static final class Report extends Choice {
        static final class Values extends Accepted {
            Values() {
                super(table, json, csv, markdown);
            }
        }

        @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT", converter = Values.class,
                completionCandidates = Values.class,
                description = "table, json, csv or markdown (default: ${DEFAULT-VALUE}).")
        OutputFormat format;

        @Override
        OutputFormat format() {
            return format;
        }
    }
}
