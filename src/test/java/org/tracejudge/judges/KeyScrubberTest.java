package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.tracejudge.judges.provider.KeyScrubber;

class KeyScrubberTest {
    @Test
    void onlyWholeOccurrencesInEveryEncoding() {
        KeyScrubber s = new KeyScrubber("xecuted12345");
        assertEquals("Executed12345x stays", s.scrub("Executed12345x stays"), "never a part of a word");
        assertEquals("key [api key removed].", s.scrub("key xecuted12345."));
        assertEquals(
                "\"[api key removed]\"",
                s.scrub("\"\\u0078\\u0065\\u0063\\u0075\\u0074\\u0065\\u0064\\u0031"
                        + "\\u0032\\u0033\\u0034\\u0035\""));
        assertEquals("k=[api key removed]&", s.scrub("k=%78%65%63uted%31%32345&"));
        assertEquals(
                "E\\u0020[api key removed]",
                s.scrub("E\\u0020\\u0078ecuted12345"),
                "an escape before the key is a boundary");
    }

    @Test
    void keysOfImplausibleLengthAreLeftAlone() {
        KeyScrubber s = new KeyScrubber("ollama");
        assertFalse(s.active());
        assertEquals("ollama pull llama3.1:8b", s.scrub("ollama pull llama3.1:8b"));
    }

    @Test
    void slashEscapesDoubleEscapesBase64AndLongKeysInsideTokens() {
        String key = "sk-proj/AbCdEf0123456789xyz+XYZ";
        KeyScrubber s = new KeyScrubber(key);
        assertEquals("said [api key removed] ok", s.scrub("said sk-proj\\/AbCdEf0123456789xyz+XYZ ok"), "JSON \\/");
        assertEquals("[api key removed]", s.scrub("sk-proj\\\\/AbCdEf0123456789xyz+XYZ"), "escaped twice");
        StringBuilder twice = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            twice.append(String.format("\\\\u%04x", (int) c));
        }
        assertEquals("[api key removed]", s.scrub(twice.toString()));
        assertEquals("fp_[api key removed]", s.scrub("fp_" + key), "a long key is taken inside a longer token");
        for (String prefix : new String[] {"", "u:", "us:"}) {
            String b64 = java.util.Base64.getEncoder()
                    .encodeToString((prefix + key).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            String out = s.scrub("Basic " + b64);
            assertFalse(out.contains(b64.substring(6, 26)), prefix + ": " + out);
            String url = java.util.Base64.getUrlEncoder()
                    .encodeToString((prefix + key).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertFalse(s.scrub(url).contains(url.substring(6, 26)), "URL-safe base64");
        }
    }
}
