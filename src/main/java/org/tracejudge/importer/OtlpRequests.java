package org.tracejudge.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** OTLP/HTTP request bodies as the receiver gets them: a protobuf body in the OTLP/JSON form the readers take. */
public final class OtlpRequests {
    private OtlpRequests() {}

    /**
     * An {@code ExportTraceServiceRequest} ({@code logs} false) or {@code ExportLogsServiceRequest} (true) in binary,
     * as its OTLP/JSON form; refused with why when the bytes are not that request.
     */
    public static ObjectNode fromProtobuf(byte[] body, boolean logs) throws IOException {
        try {
            return OtlpProtobuf.parse(body, logs ? OtlpProtobuf.Signal.LOGS : OtlpProtobuf.Signal.TRACES);
        } catch (OtlpProtobuf.NotOtlp e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
