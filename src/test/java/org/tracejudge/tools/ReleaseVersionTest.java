package org.tracejudge.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A dry run of the release workflow's version logic (.github/scripts/release-version.sh), as README documents it. */
class ReleaseVersionTest {
    private static final Path SCRIPT = Path.of(".github", "scripts", "release-version.sh");

    record Result(int code, Map<String, String> values, String err) {}

    private static Result run(String tag) throws Exception {
        Process p = new ProcessBuilder("bash", SCRIPT.toString(), tag).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> values = new TreeMap<>();
        out.lines().forEach(l -> values.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        return new Result(p.waitFor(), values, err);
    }

    private static boolean bash() {
        try {
            return new ProcessBuilder("bash", "-c", "true").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void zeroMajorIsShiftedForMacOsOnlyAndTheTagStaysWhatUsersSee() throws Exception {
        assumeTrue(Files.exists(SCRIPT) && bash(), "bash is needed");
        assertEquals(
                new Result(
                        0,
                        Map.of(
                                "version",
                                "0.2.0",
                                "numeric",
                                "0.2.0",
                                "mac",
                                "1.2.0",
                                "deb_release",
                                "1",
                                "prerelease",
                                "false"),
                        ""),
                normal(run("v0.2.0")));
    }

    @Test
    void aPrereleaseKeepsItsNameAndSortsBeforeTheRelease() throws Exception {
        assumeTrue(Files.exists(SCRIPT) && bash(), "bash is needed");
        assertEquals(
                new Result(
                        0,
                        Map.of(
                                "version",
                                "1.2.3-rc1",
                                "numeric",
                                "1.2.3",
                                "mac",
                                "2.2.3",
                                "deb_release",
                                "0.rc1",
                                "prerelease",
                                "true"),
                        ""),
                normal(run("v1.2.3-rc1")));
    }

    @Test
    void tagsItCannotParseAreRefusedNotGuessed() throws Exception {
        assumeTrue(Files.exists(SCRIPT) && bash(), "bash is needed");
        for (String tag :
                List.of("v1.2", "1.2.3", "v1.2.3.4", "v01.2.3", "v1.2.3-", "v1.2.3-rc_1", "v256.0.0", "", "main")) {
            Result r = run(tag);
            assertEquals(2, r.code(), tag);
            assertTrue(r.values().isEmpty(), tag + " printed " + r.values());
            assertTrue(r.err().contains("cannot use tag '" + tag + "'"), r.err());
        }
    }

    private static Result normal(Result r) {
        return new Result(r.code(), Map.copyOf(r.values()), r.err());
    }
}
