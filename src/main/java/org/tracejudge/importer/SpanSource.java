package org.tracejudge.importer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One container shape a JSON document of spans can have (an OTLP/JSON request, a Jaeger export, OpenTelemetry
 * Python's or JS's span JSON, a span's attribute map). {@link OtlpReader} asks each source in turn whether it reads a
 * document and hands it to the first that does; the source walks its shape, reads each span's ids, times and
 * attributes, and gives them to the reader, which maps the conventions, buffers the spans by trace and assembles runs.
 */
interface SpanSource {
    /** Whether {@code doc} has this source's shape (asked in the reader's order; the first that says yes reads it). */
    boolean reads(JsonNode doc);

    /** Reads the spans of {@code doc} (at JSON pointer {@code ptr} of the file {@code f} names) into {@code into}. */
    void read(JsonNode doc, Fields f, String ptr, OtlpReader into);
}
