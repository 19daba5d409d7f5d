package org.tracejudge.judges;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ServerSocketFactory;
import mockwebserver3.MockWebServer;

/**
 * Server sockets whose connections have Nagle's algorithm off, as vLLM (uvicorn), Ollama (Go) and the hosted
 * APIs have. MockWebServer flushes a response's headers and body separately; with Nagle on, the body waits
 * for the client's delayed acknowledgement (about 40 ms), which would be measured as the client's time.
 */
public final class NoDelayServerSockets extends ServerSocketFactory {
    public static MockWebServer server() {
        MockWebServer server = new MockWebServer();
        server.setServerSocketFactory(new NoDelayServerSockets());
        return server;
    }

    private static final class NoDelayServerSocket extends ServerSocket {
        NoDelayServerSocket() throws IOException {
            super();
        }

        @Override
        public Socket accept() throws IOException {
            Socket s = super.accept();
            s.setTcpNoDelay(true);
            return s;
        }
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new NoDelayServerSocket();
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket s = createServerSocket();
        s.bind(new java.net.InetSocketAddress(port));
        return s;
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        ServerSocket s = createServerSocket();
        s.bind(new java.net.InetSocketAddress(port), backlog);
        return s;
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        ServerSocket s = createServerSocket();
        s.bind(new java.net.InetSocketAddress(address, port), backlog);
        return s;
    }
}
