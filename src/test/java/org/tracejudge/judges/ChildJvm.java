package org.tracejudge.judges;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a child JVM on this test's class path with extra environment variables; stderr merged into stdout. */
final class ChildJvm {
    private ChildJvm() {}

    static Process start(String mainClass, Map<String, String> env, String... args) throws java.io.IOException {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd =
                new ArrayList<>(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        return pb.start();
    }
}
