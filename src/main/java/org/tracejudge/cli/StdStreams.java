package org.tracejudge.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code -} as a file name: standard input where a command reads a file, standard output where it writes
 * one. Commands whose work needs a real file (import detects a format and records a checksum; an export
 * is written atomically) get a temporary file that is removed afterwards.
 */
final class StdStreams {
    /** Where {@code -} reads from; tests replace it. */
    static InputStream stdin = System.in;

    private StdStreams() {}

    static boolean isDash(Path p) {
        return p != null && p.toString().equals("-");
    }

    /** A file to read for each argument, with {@code -} (at most once) as a temporary copy of standard input. */
    static final class Inputs implements AutoCloseable {
        private final List<Path> files = new ArrayList<>();
        private Path temp;

        Inputs(List<Path> args, String commandLineName) throws IOException {
            for (Path a : args) {
                if (isDash(a)) {
                    if (temp != null) {
                        throw new IllegalArgumentException(
                                commandLineName + ": '-' (standard input) can be given once");
                    }
                    Path dir = Files.createTempDirectory("tracejudge-stdin");
                    temp = dir.resolve("stdin");
                    Files.copy(stdin, temp);
                    files.add(temp);
                } else {
                    files.add(a);
                }
            }
        }

        List<Path> files() {
            return files;
        }

        @Override
        public void close() throws IOException {
            if (temp != null) {
                Files.deleteIfExists(temp);
                Files.deleteIfExists(temp.getParent());
            }
        }
    }

    /** Something that writes a file. */
    interface FileWriterTask<T> {
        T writeTo(Path file) throws Exception;
    }

    /**
     * Runs {@code task} on {@code target}, or, when the target is {@code -}, on a temporary file whose text then
     * goes to {@code out} (UTF-8), so that the command's stdout is the file.
     */
    static <T> T write(Path target, PrintWriter out, FileWriterTask<T> task) throws Exception {
        if (!isDash(target)) {
            return task.writeTo(target);
        }
        Path dir = Files.createTempDirectory("tracejudge-stdout");
        Path tmp = dir.resolve("out");
        try {
            T result = task.writeTo(tmp);
            try (Reader r = Files.newBufferedReader(tmp, StandardCharsets.UTF_8)) {
                r.transferTo(TerminalText.raw(out)); // a file's content, kept intact
            }
            // a closed pipe or a full disk is the command's failure, before it reports anything as written
            Output.check(out);
            return result;
        } finally {
            Files.deleteIfExists(tmp);
            Files.deleteIfExists(dir);
        }
    }
}
