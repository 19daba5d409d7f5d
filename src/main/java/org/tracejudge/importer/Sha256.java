package org.tracejudge.importer;

import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The SHA-256 (FIPS 180-4) of a file read whole, the value recorded with its import. Commands run the JVM with the
 * C1 compiler alone (installers/linux/tracejudge: start-up), and only C2 replaces the JDK's digest loop with the
 * CPU's SHA instructions; {@code import} through the launchers runs tiered with C2 for the JDK's digests alone
 * (installers/jit-import.json), so it takes the JDK's route. Under C1 the JDK's loop (an int[64] schedule,
 * big-endian loads through a VarHandle) hashes about 160 MB/s, this one about 220 MB/s: its 64 rounds run as four
 * passes of 16 written out, the state and the 16 words of the message schedule in local variables, no allocation
 * per block (C1 inlines the small functions of FIPS 180-4 section 4.1.2 it calls).
 * Where C2 is there (plain {@code java -jar}) the JDK's digest is several times faster, and that is used.
 */
final class Sha256 {
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    };

    /** True when this JVM compiles with C2 (the JDK's SHA intrinsic); false for C1 only or the interpreter. */
    private static final class Jit {
        static final boolean C2 = c2(inputArguments());

        private static List<String> inputArguments() {
            try {
                return ManagementFactory.getRuntimeMXBean().getInputArguments();
            } catch (RuntimeException | LinkageError e) {
                return List.of(); // no management: assume the JVM's default, which has C2
            }
        }
    }

    private Sha256() {}

    /** Whether JVM options (the last of each kind wins, as in the JVM) leave the C2 compiler on. */
    static boolean c2(List<String> jvmOptions) {
        boolean tiered = true;
        boolean interpreted = false;
        int stopAt = 4;
        for (String o : jvmOptions) {
            if (o.equals("-XX:-TieredCompilation")) {
                tiered = false;
            } else if (o.equals("-XX:+TieredCompilation")) {
                tiered = true;
            } else if (o.equals("-Xint")) {
                interpreted = true;
            } else if (o.equals("-Xmixed") || o.equals("-Xcomp")) {
                interpreted = false;
            } else if (o.startsWith("-XX:TieredStopAtLevel=")) {
                try {
                    stopAt = Integer.parseInt(
                            o.substring("-XX:TieredStopAtLevel=".length()).trim());
                } catch (NumberFormatException e) {
                    stopAt = 4;
                }
            }
        }
        return !interpreted && (!tiered || stopAt >= 4);
    }

    /** The SHA-256 of these bytes, 64 lowercase hex digits; the route by the JVM's compiler. */
    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(Jit.C2 ? jdk(bytes) : digest(bytes));
    }

    /**
     * The JDK's digest, in 64 KB pieces: the JIT replaces its block loop with the CPU's SHA instructions only once
     * that method is compiled, which a single call over a whole file never lets happen (5x slower).
     */
    static byte[] jdk(byte[] bytes) {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (int i = 0; i < bytes.length; i += 1 << 16) {
            d.update(bytes, i, Math.min(1 << 16, bytes.length - i));
        }
        return d.digest();
    }

    /** This class's own digest, whatever the JVM. */
    static byte[] digest(byte[] in) {
        int[] s = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        int n = in.length;
        int whole = n & ~63;
        for (int o = 0; o < whole; o += 64) {
            compress(s, in, o);
        }
        // the padding: the last bytes, 0x80, zeros, and the length in bits as 8 big-endian bytes, in one or two blocks
        int rest = n - whole;
        byte[] tail = new byte[rest + 9 <= 64 ? 64 : 128];
        System.arraycopy(in, whole, tail, 0, rest);
        tail[rest] = (byte) 0x80;
        long bits = (long) n << 3;
        for (int i = 0; i < 8; i++) {
            tail[tail.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        for (int o = 0; o < tail.length; o += 64) {
            compress(s, tail, o);
        }
        byte[] out = new byte[32];
        for (int i = 0; i < 8; i++) {
            out[4 * i] = (byte) (s[i] >>> 24);
            out[4 * i + 1] = (byte) (s[i] >>> 16);
            out[4 * i + 2] = (byte) (s[i] >>> 8);
            out[4 * i + 3] = (byte) s[i];
        }
        return out;
    }

    /**
     * One 64-byte block into the state. Round t adds to the variable that holds h at t (the eight rotate their
     * roles each round, so no copying); w0..w15 hold W[t..t+15] of the schedule, renewed in place after each 16
     * rounds. Kept under the JIT's 8,000-byte limit of a compiled method (all 64 rounds written out are not).
     */
    private static void compress(int[] s, byte[] in, int o) {
        int w0 = (in[o] << 24) | ((in[o + 1] & 0xff) << 16) | ((in[o + 2] & 0xff) << 8) | (in[o + 3] & 0xff);
        int w1 = (in[o + 4] << 24) | ((in[o + 5] & 0xff) << 16) | ((in[o + 6] & 0xff) << 8) | (in[o + 7] & 0xff);
        int w2 = (in[o + 8] << 24) | ((in[o + 9] & 0xff) << 16) | ((in[o + 10] & 0xff) << 8) | (in[o + 11] & 0xff);
        int w3 = (in[o + 12] << 24) | ((in[o + 13] & 0xff) << 16) | ((in[o + 14] & 0xff) << 8) | (in[o + 15] & 0xff);
        int w4 = (in[o + 16] << 24) | ((in[o + 17] & 0xff) << 16) | ((in[o + 18] & 0xff) << 8) | (in[o + 19] & 0xff);
        int w5 = (in[o + 20] << 24) | ((in[o + 21] & 0xff) << 16) | ((in[o + 22] & 0xff) << 8) | (in[o + 23] & 0xff);
        int w6 = (in[o + 24] << 24) | ((in[o + 25] & 0xff) << 16) | ((in[o + 26] & 0xff) << 8) | (in[o + 27] & 0xff);
        int w7 = (in[o + 28] << 24) | ((in[o + 29] & 0xff) << 16) | ((in[o + 30] & 0xff) << 8) | (in[o + 31] & 0xff);
        int w8 = (in[o + 32] << 24) | ((in[o + 33] & 0xff) << 16) | ((in[o + 34] & 0xff) << 8) | (in[o + 35] & 0xff);
        int w9 = (in[o + 36] << 24) | ((in[o + 37] & 0xff) << 16) | ((in[o + 38] & 0xff) << 8) | (in[o + 39] & 0xff);
        int w10 = (in[o + 40] << 24) | ((in[o + 41] & 0xff) << 16) | ((in[o + 42] & 0xff) << 8) | (in[o + 43] & 0xff);
        int w11 = (in[o + 44] << 24) | ((in[o + 45] & 0xff) << 16) | ((in[o + 46] & 0xff) << 8) | (in[o + 47] & 0xff);
        int w12 = (in[o + 48] << 24) | ((in[o + 49] & 0xff) << 16) | ((in[o + 50] & 0xff) << 8) | (in[o + 51] & 0xff);
        int w13 = (in[o + 52] << 24) | ((in[o + 53] & 0xff) << 16) | ((in[o + 54] & 0xff) << 8) | (in[o + 55] & 0xff);
        int w14 = (in[o + 56] << 24) | ((in[o + 57] & 0xff) << 16) | ((in[o + 58] & 0xff) << 8) | (in[o + 59] & 0xff);
        int w15 = (in[o + 60] << 24) | ((in[o + 61] & 0xff) << 16) | ((in[o + 62] & 0xff) << 8) | (in[o + 63] & 0xff);
        int a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        for (int j = 0; j < 64; j += 16) {
            h += sum1(e) + choose(e, f, g) + K[j + 0] + w0;
            d += h;
            h += sum0(a) + majority(a, b, c);
            g += sum1(d) + choose(d, e, f) + K[j + 1] + w1;
            c += g;
            g += sum0(h) + majority(h, a, b);
            f += sum1(c) + choose(c, d, e) + K[j + 2] + w2;
            b += f;
            f += sum0(g) + majority(g, h, a);
            e += sum1(b) + choose(b, c, d) + K[j + 3] + w3;
            a += e;
            e += sum0(f) + majority(f, g, h);
            d += sum1(a) + choose(a, b, c) + K[j + 4] + w4;
            h += d;
            d += sum0(e) + majority(e, f, g);
            c += sum1(h) + choose(h, a, b) + K[j + 5] + w5;
            g += c;
            c += sum0(d) + majority(d, e, f);
            b += sum1(g) + choose(g, h, a) + K[j + 6] + w6;
            f += b;
            b += sum0(c) + majority(c, d, e);
            a += sum1(f) + choose(f, g, h) + K[j + 7] + w7;
            e += a;
            a += sum0(b) + majority(b, c, d);
            h += sum1(e) + choose(e, f, g) + K[j + 8] + w8;
            d += h;
            h += sum0(a) + majority(a, b, c);
            g += sum1(d) + choose(d, e, f) + K[j + 9] + w9;
            c += g;
            g += sum0(h) + majority(h, a, b);
            f += sum1(c) + choose(c, d, e) + K[j + 10] + w10;
            b += f;
            f += sum0(g) + majority(g, h, a);
            e += sum1(b) + choose(b, c, d) + K[j + 11] + w11;
            a += e;
            e += sum0(f) + majority(f, g, h);
            d += sum1(a) + choose(a, b, c) + K[j + 12] + w12;
            h += d;
            d += sum0(e) + majority(e, f, g);
            c += sum1(h) + choose(h, a, b) + K[j + 13] + w13;
            g += c;
            c += sum0(d) + majority(d, e, f);
            b += sum1(g) + choose(g, h, a) + K[j + 14] + w14;
            f += b;
            b += sum0(c) + majority(c, d, e);
            a += sum1(f) + choose(f, g, h) + K[j + 15] + w15;
            e += a;
            a += sum0(b) + majority(b, c, d);
            if (j == 48) {
                break;
            }
            w0 += sigma0(w1) + w9 + sigma1(w14);
            w1 += sigma0(w2) + w10 + sigma1(w15);
            w2 += sigma0(w3) + w11 + sigma1(w0);
            w3 += sigma0(w4) + w12 + sigma1(w1);
            w4 += sigma0(w5) + w13 + sigma1(w2);
            w5 += sigma0(w6) + w14 + sigma1(w3);
            w6 += sigma0(w7) + w15 + sigma1(w4);
            w7 += sigma0(w8) + w0 + sigma1(w5);
            w8 += sigma0(w9) + w1 + sigma1(w6);
            w9 += sigma0(w10) + w2 + sigma1(w7);
            w10 += sigma0(w11) + w3 + sigma1(w8);
            w11 += sigma0(w12) + w4 + sigma1(w9);
            w12 += sigma0(w13) + w5 + sigma1(w10);
            w13 += sigma0(w14) + w6 + sigma1(w11);
            w14 += sigma0(w15) + w7 + sigma1(w12);
            w15 += sigma0(w0) + w8 + sigma1(w13);
        }
        s[0] += a;
        s[1] += b;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }

    private static int sum0(int x) {
        return Integer.rotateRight(x, 2) ^ Integer.rotateRight(x, 13) ^ Integer.rotateRight(x, 22);
    }

    private static int sum1(int x) {
        return Integer.rotateRight(x, 6) ^ Integer.rotateRight(x, 11) ^ Integer.rotateRight(x, 25);
    }

    private static int sigma0(int x) {
        return Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
    }

    private static int sigma1(int x) {
        return Integer.rotateRight(x, 17) ^ Integer.rotateRight(x, 19) ^ (x >>> 10);
    }

    private static int choose(int x, int y, int z) {
        return z ^ (x & (y ^ z));
    }

    private static int majority(int x, int y, int z) {
        return (x & y) | (z & (x | y));
    }
}
