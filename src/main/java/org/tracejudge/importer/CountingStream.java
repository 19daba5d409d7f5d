package org.tracejudge.importer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A stream that tells {@link #count} how many bytes each read returned (progress, zip-bomb limits). */
abstract class CountingStream extends FilterInputStream {
    CountingStream(InputStream in) {
        super(in);
    }

    /** {@code n} more bytes were read. */
    abstract void count(int n);

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            count(n);
        }
        return n;
    }
}
