package org.tracejudge.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * Stable ids. Imported things get name-based ids (the same input gives the same id on every laptop,
 * so re-imports and merges never duplicate); things people do get random ids.
 */
public final class Ids {
    private Ids() {}

    /** One digest per thread: looking a provider up for every id is slower than hashing the id. */
    private static final ThreadLocal<MessageDigest> SHA1 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    /** A version-5-style UUID (SHA-1) from the parts, joined with a separator that cannot occur in them. */
    public static String of(String kind, String... parts) {
        MessageDigest sha = SHA1.get();
        sha.reset();
        sha.update(kind.getBytes(StandardCharsets.UTF_8));
        for (String p : parts) {
            sha.update((byte) 0);
            sha.update((p == null ? "\u0001null" : p).getBytes(StandardCharsets.UTF_8));
        }
        byte[] h = sha.digest();
        h[6] = (byte) ((h[6] & 0x0f) | 0x50);
        h[8] = (byte) ((h[8] & 0x3f) | 0x80);
        long msb = 0;
        long lsb = 0;
        for (int i = 0; i < 8; i++) {
            msb = (msb << 8) | (h[i] & 0xff);
        }
        for (int i = 8; i < 16; i++) {
            lsb = (lsb << 8) | (h[i] & 0xff);
        }
        return new UUID(msb, lsb).toString();
    }

    public static String random() {
        return UUID.randomUUID().toString();
    }
}
