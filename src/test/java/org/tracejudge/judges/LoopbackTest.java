package org.tracejudge.judges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** "This computer" is a loopback literal or a Unix socket, never a host name that merely looks like one. */
class LoopbackTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://localhost:11434/v1|true",
                "http://LOCALHOST:8000/v1|true",
                "http://127.0.0.1:11434/v1|true",
                "http://127.1.2.3/v1|true",
                "http://127.255.255.254:9/v1|true",
                "http://[::1]:8000/v1|true",
                "http://[0:0:0:0:0:0:0:1]:8000/v1|true",
                "unix:///run/ollama.sock|true",
                "https://127.attacker.example/v1|false",
                "https://127.0.0.1.nip.io/v1|false",
                "https://127.0.0.1.attacker.example/v1|false",
                "https://localhost.attacker.example/v1|false",
                "https://127-0-0-1.sslip.io/v1|false",
                "https://api.openai.com/v1|false",
                "http://128.0.0.1/v1|false",
                "http://10.0.0.5:8000/v1|false",
                "http://[::2]:8000/v1|false",
                "http://0.0.0.0:8000/v1|false",
                "not a url|false"
            })
    void onlyLoopbackLiteralsAreThisComputer(String url, boolean local) {
        assertEquals(local, Loopback.isLocal(url), url);
        if (!url.startsWith("unix:") && !url.equals("not a url")) {
            assertEquals(local, JudgeConfig.defaults("j").withBaseUrl(url).local(), url);
        }
    }
}
