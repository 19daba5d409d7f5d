package org.tracejudge.judges.provider;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import javax.net.SocketFactory;

/**
 * Plain sockets with Nagle's algorithm off. A chat request is written in more than one piece; with Nagle on,
 * the last piece waits for the server's delayed acknowledgement (about 40 ms on Linux) before it leaves,
 * which on a local model server is as long as the answer itself.
 */
final class NoDelaySocketFactory extends SocketFactory {
    private final SocketFactory plain = SocketFactory.getDefault();

    private static Socket noDelay(Socket s) throws SocketException {
        s.setTcpNoDelay(true);
        return s;
    }

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(plain.createSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(plain.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(plain.createSocket(address, port, localAddress, localPort));
    }
}
