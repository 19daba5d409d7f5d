package org.tracejudge.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secrets never pass through a hub address: not in messages, not into the URL a project file keeps. */
class HubAddressTest {
    @TempDir
    Path dir;

    @Test
    void aUrlSyntaxErrorDoesNotPrintThePasswordBack() {
        for (String url : new String[] {
            "postgresql://alice:s3cr3t pw@host/db",
            "postgresql://alice:s3cr3t@ho st/db",
            "postgresql://alice:s3c/r3t@host/db x",
            "postgresql://alice:s3cr3t@host/db?password=s3cr3t&x=1 2"
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> HubAddress.parse(url, null));
            assertFalse(e.getMessage().contains("s3cr3t") || e.getMessage().contains("r3t"), e.getMessage());
        }
    }

    @Test
    void noPasswordNorSslPasswordReachesTheKeptUrlEvenEncoded() {
        for (String url : new String[] {
            "postgresql://host/db?password=pw",
            "postgresql://host/db?PASSWORD=pw",
            "postgresql://host/db?pass%77ord=pw",
            "postgresql://host/db?%70assword=pw",
            "postgresql://host/db?sslpassword=pw",
            "postgresql://host/db?sslmode=verify-full&SSLPassword=pw",
            "postgresql://alice%3Apw@host/db"
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> HubAddress.parse(url, null), url);
            assertFalse(e.getMessage().contains("=pw") || e.getMessage().contains(":pw"), e.getMessage());
        }
        HubAddress ok = HubAddress.parse("postgresql://alice@host:5433/db?sslmode=verify-full", null);
        assertEquals("jdbc:postgresql://host:5433/db?sslmode=verify-full", ok.url());
        assertEquals("alice", ok.user());
    }

    @Test
    void aPasswordFileOthersCanReadIsRefusedLikeLibpqDoes() throws Exception {
        Path f = dir.resolve("pgpass");
        Files.writeString(f, "*:*:*:alice:pw\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HubAddress.checkPassFile(f));
        assertTrue(
                e.getMessage().contains("group or world access")
                        && e.getMessage().contains("0600"),
                e.getMessage());
        assertFalse(e.getMessage().contains("alice:pw"));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        HubAddress.checkPassFile(f);
        HubAddress.checkPassFile(dir.resolve("none"));
    }
}
