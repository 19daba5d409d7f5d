package org.tracejudge.receive;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** A {@code HOST:PORT} a person typed ({@code [::1]:4318} for IPv6), read into a socket address or refused with why. */
public final class ListenAddress {
    private ListenAddress() {}

    /** The default: this computer only, the OTLP/HTTP port. */
    public static final String DEFAULT = "127.0.0.1:4318";

    // one address to bind to, as the person named it: a name with several addresses binds the first, as a server's
    // --listen does elsewhere
    @SuppressWarnings("AddressSelection")
    public static InetSocketAddress parse(String text) {
        String s = text == null ? "" : text.trim();
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("expected HOST:PORT, got '" + s + "'");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("the port must be 0-65535, got '" + s + "'");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + host + "'", e);
        }
    }

    /** How an agent is pointed at {@code at}: {@code http://HOST:PORT}. */
    public static String url(InetSocketAddress at) {
        String h = at.getAddress().getHostAddress();
        return "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + at.getPort();
    }
}
