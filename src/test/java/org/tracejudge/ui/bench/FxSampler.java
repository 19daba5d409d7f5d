package org.tracejudge.ui.bench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A poor man's profiler for benchmarks: samples the JavaFX Application Thread's stack every few milliseconds while
 * it is busy and prints the methods seen most often (inclusive) and the top frames. {@code -Dtracejudge.sample=true}
 * turns it on in {@link WorkbenchBench}.
 */
final class FxSampler {
    private final Map<String, Integer> inclusive = new HashMap<>();
    private final Map<String, Integer> top = new HashMap<>();
    private int samples;
    private Thread thread;

    void start() {
        Thread fx = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("JavaFX Application Thread"))
                .findFirst()
                .orElseThrow();
        thread = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        StackTraceElement[] st = fx.getStackTrace();
                        if (st.length > 0
                                && !st[0].getMethodName().contains("waitForEvent")
                                && !(st.length > 1 && st[1].getClassName().endsWith("RunnableQueue"))) {
                            synchronized (this) {
                                samples++;
                                Set<String> seen = new HashSet<>();
                                for (StackTraceElement e : st) {
                                    String cls = e.getClassName();
                                    int lambda = cls.indexOf("$$Lambda");
                                    String k =
                                            (lambda < 0 ? cls : cls.substring(0, lambda + 8)) + "." + e.getMethodName();
                                    if (seen.add(k)) {
                                        inclusive.merge(k, 1, Integer::sum);
                                    }
                                }
                                top.merge(st[0].getClassName() + "." + st[0].getMethodName(), 1, Integer::sum);
                            }
                        }
                        try {
                            Thread.sleep(3);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "fx-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    synchronized void stopAndPrint(String what, int lines) throws InterruptedException {
        thread.interrupt();
        System.err.println("== FX thread busy samples while " + what + ": " + samples);
        inclusive.entrySet().stream()
                .filter(e -> !e.getKey().startsWith("java.") && !e.getKey().startsWith("jdk."))
                .sorted((a, b) -> b.getValue() - a.getValue())
                .limit(lines)
                .forEach(e -> System.err.printf("  incl %5d  %s%n", e.getValue(), e.getKey()));
        top.entrySet().stream()
                .sorted((a, b) -> b.getValue() - a.getValue())
                .limit(12)
                .forEach(e -> System.err.printf("  top  %5d  %s%n", e.getValue(), e.getKey()));
    }
}
