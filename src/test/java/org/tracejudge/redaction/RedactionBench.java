package org.tracejudge.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Redaction speed (issue 33: 10,000 messages in at most 2 s). Generates 10,000 support-style messages (a third with
 * personal data of several kinds, the rest ordinary and clinical text), redacts them all once to warm up and then
 * three times, and prints the time of each round. Run: {@code bash bench/redaction-bench.sh} or this main with the
 * test class path.
 */
public final class RedactionBench {
    private RedactionBench() {}

    static List<String> messages(int n, long seed) {
        Random r = new Random(seed);
        String[] plain = {
            "i took 2 x 50mg sertraline this morning and i feel sick",
            "bp was 140/90 at the gp today",
            "it's 3am and i can't sleep again, everything feels pointless",
            "I'm Type 2 and forgot my metformin",
            "the crisis line 988 didn't answer for 20 minutes",
            "i hope it gets better, i will try tomorrow",
            "my appointment is on 14/03/2026 at 9:30",
            "version 2.3.10 of the app deleted my journal",
            "we moved here in 2021 and i still know nobody",
            "i've been off work since the 1st of november",
            "texted SHOUT to 85258 and it helped a bit",
            "dr google says i have everything lol"
        };
        String[] given = {"priya", "Niamh", "tomasz", "Chidi", "Marisol", "Kwame", "Aoife", "Dmitri", "Yasmin", "Liam"};
        String[] surname = {"Okafor", "Kearney", "Ben Salah", "van der Berg", "O'Neill", "Nakamura", "Haddad"};
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String base = plain[r.nextInt(plain.length)];
            if (i % 3 != 0) {
                out.add(base + (r.nextBoolean() ? "" : ". " + plain[r.nextInt(plain.length)]));
                continue;
            }
            String g = given[r.nextInt(given.length)];
            String s = surname[r.nextInt(surname.length)];
            out.add(
                    switch (r.nextInt(6)) {
                        case 0 ->
                            "my name is " + g + " " + s + " and " + base + ". call me on 07700 9"
                                    + (10000 + r.nextInt(89999));
                        case 1 ->
                            "tell " + g + " i'm sorry. " + base + " email me " + g.toLowerCase(Locale.ROOT)
                                    + "@example.com";
                        case 2 ->
                            base + ". i live at " + (1 + r.nextInt(200)) + " Larch Road, Leeds LS6 2AB, born 14/03/199"
                                    + r.nextInt(10);
                        case 3 -> "my iban is DE89 3704 0044 0532 0130 00 and " + base;
                        case 4 ->
                            base + " - my insta is " + g.toLowerCase(Locale.ROOT) + "_" + r.nextInt(99) + "\n- " + g;
                        default -> "my daughter " + g + " won't talk to me. " + base + " nhs no 943 476 5919";
                    });
        }
        return out;
    }

    /** Milliseconds to redact all the messages once (wall clock); {@link #cpuMillis} holds the thread's CPU time. */
    static long round(Redactor redactor, List<String> messages) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        int spans = 0;
        for (String m : messages) {
            spans += redactor.redact(m).spans().size();
        }
        if (spans < 0) {
            throw new AssertionError();
        }
        cpuMillis = (mx.getCurrentThreadCpuTime() - c0) / 1_000_000;
        return (System.nanoTime() - t0) / 1_000_000;
    }

    static long cpuMillis;

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        List<String> msgs = messages(n, 33);
        long load0 = System.nanoTime();
        Redactor redactor = new Redactor();
        redactor.redact("warm the lists: my name is Priya");
        long loadMs = (System.nanoTime() - load0) / 1_000_000;
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long heap = (rt.totalMemory() - rt.freeMemory()) / (1024 * 1024);
        System.out.printf(
                Locale.ROOT,
                "first redaction (loads the name and word lists): %d ms; heap after: %d MB%n",
                loadMs,
                heap);
        System.out.printf(Locale.ROOT, "warm-up: %d messages in %d ms%n", n, round(redactor, msgs));
        System.out.printf(
                Locale.ROOT,
                "load average: %.1f on %d processors%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        .getSystemLoadAverage(),
                rt.availableProcessors());
        for (int i = 1; i <= 3; i++) {
            long wall = round(redactor, msgs);
            System.out.printf(Locale.ROOT, "round %d: %d messages in %d ms wall, %d ms CPU%n", i, n, wall, cpuMillis);
        }
    }
}
