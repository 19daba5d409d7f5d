package org.tracejudge.judges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetAddress;
import org.tracejudge.json.Json;
import org.tracejudge.store.Project;
import org.tracejudge.store.ProjectMeta;
import org.tracejudge.store.Timestamps;

/**
 * One judge run at a time per project: the run holds {@code judge-lock} in {@code project_meta} (process id,
 * host, judge and start time), taken in a write transaction so two processes cannot both take it. A lock whose
 * process is gone (same host, no such pid: a killed run) is taken over; a live one is refused with a message
 * naming it, so that two runs never pay for the same traces twice.
 */
final class JudgeLock implements AutoCloseable {
    static final String KEY = "judge-lock";

    private final Project project;
    private final String token;

    private JudgeLock(Project project, String token) {
        this.project = project;
        this.token = token;
    }

    /** @throws JudgeException when another live process holds the lock */
    static JudgeLock acquire(Project project, String judge) {
        long pid = ProcessHandle.current().pid();
        String host = host();
        String token = org.tracejudge.model.Ids.random();
        String held = project.write(c -> {
            String value = ProjectMeta.get(c, KEY);
            if (value != null) {
                JsonNode o = parse(value);
                if (o != null && alive(o, host)) {
                    return "another judge run holds this project: judge "
                            + o.path("judge").asText("?")
                            + ", process " + o.path("pid").asLong() + " on "
                            + o.path("host").asText("?")
                            + ", started " + o.path("started_at").asText("?") + ". Wait for it to finish or "
                            + "stop it (Ctrl-C there keeps what it answered); one judge run at a time per "
                            + "project, so no trace is paid for twice.";
                }
            }
            ObjectNode o = Json.object();
            o.put("pid", pid);
            o.put("host", host);
            o.put("judge", judge);
            o.put("started_at", Timestamps.now());
            o.put("token", token);
            ProjectMeta.put(c, KEY, o.toString());
            return null;
        });
        if (held != null) {
            throw new JudgeException(held);
        }
        return new JudgeLock(project, token);
    }

    private static JsonNode parse(String v) {
        try {
            return Json.read(v);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether the holder still runs: on this host, its pid exists and is not us; another host's lock counts as live. */
    private static boolean alive(JsonNode o, String host) {
        if (!host.equals(o.path("host").asText())) {
            return true;
        }
        long pid = o.path("pid").asLong(-1);
        if (pid == ProcessHandle.current().pid()) {
            return false; // this process: a run that ended without releasing (or a second runner here, serialised by
            // callers)
        }
        var ph = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (ph.isEmpty()) {
            return false;
        }
        // a process that started after the lock was taken has only reused the pid of a killed run
        var started = ph.get().info().startInstant();
        try {
            java.time.Instant taken =
                    java.time.Instant.parse(o.path("started_at").asText());
            return started.isEmpty() || !started.get().isAfter(taken.plusSeconds(1));
        } catch (java.time.format.DateTimeParseException e) {
            return true;
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "localhost";
        }
    }

    @Override
    public void close() {
        project.write(c -> {
            ProjectMeta.removeHeld(c, KEY, token);
            return null;
        });
    }
}
