package org.tracejudge.judges;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether an endpoint is this computer. Only literals count: the name {@code localhost}, an IPv4 address in
 * 127.0.0.0/8 written as four decimal numbers, the IPv6 loopback {@code ::1} (also IPv4-mapped loopback), or a
 * {@code unix:} socket path. A host name is never resolved and never judged by its prefix:
 * {@code 127.attacker.example} or {@code 127.0.0.1.nip.io} are remote, whatever they resolve to today.
 */
public final class Loopback {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private Loopback() {}

    /** True when the base URL names this computer by a loopback literal or a Unix socket. */
    public static boolean isLocal(String baseUrl) {
        if (baseUrl == null) {
            return false;
        }
        String u = baseUrl.strip();
        if (u.regionMatches(true, 0, "unix:", 0, 5)) {
            return true;
        }
        okhttp3.HttpUrl url = okhttp3.HttpUrl.parse(u);
        return url != null && isLoopbackHost(url.host());
    }

    /** True for {@code localhost}, a dotted-quad 127.x.y.z literal, or an IPv6 loopback literal (with or without brackets). */
    public static boolean isLoopbackHost(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost")) {
            return true;
        }
        var m = IPV4.matcher(h);
        if (m.matches()) {
            for (int i = 1; i <= 4; i++) {
                if (Integer.parseInt(m.group(i)) > 255) {
                    return false;
                }
            }
            return Integer.parseInt(m.group(1)) == 127;
        }
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.indexOf(':') >= 0 && h.matches("[0-9a-f:.]+")) {
            try {
                // an IPv6 literal: InetAddress parses it without any lookup
                return InetAddress.getByName(h).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }
}
