package org.tracejudge.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a child JVM on this test's class path (for kill tests and heap-limit tests). */
final class ChildProcesses {
    private ChildProcesses() {}

    static Process start(String mainClass, List<String> jvmArgs, String... args) throws java.io.IOException {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        String home = System.getProperty("tracejudge.home");
        if (home != null) {
            cmd.add("-Dtracejudge.home=" + home); // children stay out of the user's data folder too
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }
}
