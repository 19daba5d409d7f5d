package org.tracejudge.redaction;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * IP addresses in tool output that point at no person: a network block written with its prefix length
 * ("203.0.113.0/24", "10.0.0.0/16", "2001:db8::/64") is a range, not a host; and an address that is not routable on
 * the internet (RFC 1918 private, loopback, link-local, shared RFC 6598, the RFC 5737 and RFC 3849 documentation
 * ranges, unspecified, multicast, IPv6 unique-local) is kept when the message is machine text, i.e. has no word of
 * a person talking ("my ip shows 192.168.1.47", "the login came from 2001:db8::…" stay redacted). A dotted quad that
 * is a version is no address either: glued to a package name or an epoch ("imagemagick_6.9.11.60", "2:1.4.99.1",
 * "sqlite-jdbc:jar:3.54.1.0"), after a version constraint ("(>= 6.9.2.10") or followed by a build or revision suffix
 * ("17.0.21.1+2", "6.9.2.10-1").
 */
final class NetworkAddresses {
    private NetworkAddresses() {}

    private static final Pattern PERSONAL = Pattern.compile(
            "(?<![\\p{L}\\p{N}_-])(?:my|me|i|i'm|im|he|she|his|her|"
                    + "someone|somebody|login|logged|log in|signed in|came from|hacked|stalk\\w*|ip is|ip was)(?![\\p{L}\\p{N}_])");

    static void keep(Scan h) {
        boolean personal = PERSONAL.matcher(h.lower).find();
        h.spans.removeIf(s -> s.kind() == Redactor.Kind.IP
                && (cidr(h.text, s.end())
                        || version(h.text, s.start(), s.end())
                        || s.original().equals("0.0.0.0")
                        || (!personal && !routable(s.original()))));
    }

    private static final Pattern CONSTRAINT = Pattern.compile("(?:[<>=]=?|<<|>>|~=|\\^|~)\\s*$");

    private static boolean version(String t, int start, int end) {
        if (start > 0 && "=:_~-vV@".indexOf(t.charAt(start - 1)) >= 0) {
            return true;
        }
        if (CONSTRAINT.matcher(t.substring(Math.max(0, start - 4), start)).find()) {
            return true;
        }
        return end + 1 < t.length()
                && "+~-".indexOf(t.charAt(end)) >= 0
                && Character.isLetterOrDigit(t.charAt(end + 1));
    }

    /** A "/N" prefix length right after the address. */
    private static boolean cidr(String t, int end) {
        int i = end;
        if (i >= t.length() || t.charAt(i) != '/') {
            return false;
        }
        int d = 0;
        while (i + 1 + d < t.length() && Character.isDigit(t.charAt(i + 1 + d))) {
            d++;
        }
        return d >= 1 && d <= 3 && (i + 1 + d == t.length() || !Character.isLetterOrDigit(t.charAt(i + 1 + d)));
    }

    /** Whether the address could be a host on the public internet. */
    static boolean routable(String ip) {
        String a = ip.toLowerCase(Locale.ROOT);
        int pct = a.indexOf('%');
        if (pct >= 0) {
            a = a.substring(0, pct);
        }
        if (a.indexOf(':') >= 0) {
            return !(a.equals("::")
                    || a.equals("::1")
                    || a.startsWith("fe8")
                    || a.startsWith("fe9")
                    || a.startsWith("fea")
                    || a.startsWith("feb")
                    || a.startsWith("fc")
                    || a.startsWith("fd")
                    || a.startsWith("ff")
                    || a.startsWith("2001:db8:")
                    || a.startsWith("2001:0db8:"));
        }
        String[] p = a.split("\\.", -1);
        if (p.length != 4) {
            return true;
        }
        int x = Integer.parseInt(p[0]);
        int y = Integer.parseInt(p[1]);
        int z = Integer.parseInt(p[2]);
        return !(x == 0
                || x == 10
                || x == 127
                || x >= 224
                || (x == 100 && y >= 64 && y < 128)
                || (x == 169 && y == 254)
                || (x == 172 && y >= 16 && y < 32)
                || (x == 192 && y == 168)
                || (x == 192 && y == 0 && (z == 0 || z == 2))
                || (x == 198 && (y == 18 || y == 19))
                || (x == 198 && y == 51 && z == 100)
                || (x == 203 && y == 0 && z == 113));
    }
}
