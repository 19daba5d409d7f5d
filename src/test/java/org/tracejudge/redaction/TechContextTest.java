package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tracejudge.TestData;
import org.tracejudge.json.Json;

/**
 * {@link TechContext} and the version, time-stamp and code-host rules beside it: what agents' tools return (paths,
 * listings, hashes, versions, repository links) is not a person's, while a person's details in the same shapes stay
 * redacted.
 */
class TechContextTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "unknown_service:/opt/homebrew/bin/deno",
                "see src/test/resources/redaction-dev/README.md and src/main/java/org/x/json/Json.java",
                "bin\nboot\ndev\netc\nhome",
                "drwxr-xr-x  2 root root      4096 Dec  2 13:21 blas",
                "  - C-c for Ctrl+C\n  - C-d for Ctrl-D",
                "values on the command line (e.g., 'key1=val1,key2=val2')",
                "The output format (e.g., 'json', 'yaml', 'table')",
                "Output format (json, yaml, wide)",
                "New York is sunny today",
                "You are an agent specialized in Helm package management for Kubernetes clusters.",
                "1. Release name: kagent\n   - Namespace: kagent",
                "commit 0ad9786aded2917f9016462ebb69053efe440c7a",
                "+- org.junit.jupiter:junit-jupiter-api:jar:5.14.4:test",
                "Depends: openjdk-17-jre-headless (= 17.0.21.1+2-1~deb12u1), imagemagick-6.q16 (>= 8:6.9.2.10+dfsg-2~)",
                "gitosis (<< 0.2+20090917-7)",
                "2025-04-07T11:00:30.692046-05:00",
                "Date: Wed Dec 2 04:33:38 2026 +0000\n\n    Trace view: no rule verdict",
                "Looks like a rounding issue: https://github.com/marshmallow-code/marshmallow/blob/dev/src/fields.py#L1474",
                "git@github.com:UKGovernmentBEIS/inspect_ai.git",
                "[76] link \"About\" [url: https://about.google/]",
                "\"integrity\": \"sha512-mj7UPXE0jaqaOsukNZRUEfEi2AcL7C/vwmwcHV0O97eO1E1pxBZuyjlZrx5+dFcAjpTQFgoL==\"",
                "Judge HTTP follows no redirect; JSON Schema of the file",
                "/process_api --addr 0.0.0.0:2024"
            })
    void toolOutputIsLeft(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void aPersonInTheSameShapesIsStillRedacted() {
        RedactionAsserts.hides(r, "/Users/jannik/Documents/notes.txt", "jannik");
        RedactionAsserts.hides(r, "cd /home/siobhan/projects/app", "siobhan");
        RedactionAsserts.hides(r, "C:\\Users\\mkowalski\\AppData\\Local", "mkowalski");
        RedactionAsserts.leaves(r, "cd /home/runner/work/app && ls /Users/Shared/cache/x");
        RedactionAsserts.hides(r, "my name is Helm and my sister is Ruby", "Helm");
        RedactionAsserts.hides(r, "you can write to me at ana.lopez@example.org", "ana.lopez@example.org");
        RedactionAsserts.hides(r, "call me on +44 7700 900123 tonight", "7700 900123");
        RedactionAsserts.hides(r, "my profile is https://github.com/someone-real", "someone-real");
        RedactionAsserts.hides(r, "I talked to Sarah at 14:05 +0000 yesterday", "Sarah");
    }

    @Test
    void jenkinsIsAPersonWithoutATechnicalWordNearby() {
        RedactionAsserts.hides(r, "Mrs Jenkins from next door came round again", "Jenkins");
        RedactionAsserts.leaves(r, "The Jenkins pipeline failed at the build stage.");
    }

    /**
     * The real agent traces of ../shared/corpora/formats (written by other projects, not tuned on before this rule
     * set): every string of 30 characters or more is a negative except the handful that hold a person's details (a
     * user's home folder, e-mail addresses, an example name typed into a form). Nothing else may be redacted.
     */
    @Test
    void realAgentTracesLoseOnlyPersonalDetails() throws IOException {
        Path formats = TestData.SHARED.resolve("corpora").resolve("formats");
        TestData.requireShared(Files.isDirectory(formats), "../shared/corpora/formats");
        Set<String> strings = new LinkedHashSet<>();
        try (Stream<Path> files = Files.walk(formats)) {
            for (Path f : files.filter(
                            p -> p.toString().endsWith(".json") || p.toString().endsWith(".traj"))
                    .toList()) {
                collect(Json.MAPPER.readTree(f.toFile()), strings);
            }
        }
        // a link after "My Profile" in a browser's accessibility tree: the personal-link cue of people's messages
        Set<String> allowed = Set.of(
                "jannik",
                "fuchur",
                "Norah",
                "openhands@all-hands.dev",
                "admin@kagent.dev",
                "https://profile.example.com");
        List<String> wrong = new ArrayList<>();
        int redacted = 0;
        for (String s : strings) {
            Redactor.Result res = r.redact(s);
            if (!res.spans().isEmpty()) {
                redacted++;
            }
            for (Redactor.Span span : res.spans()) {
                if (!allowed.contains(span.original())) {
                    wrong.add(span.kind() + " " + span.original());
                }
            }
        }
        assertTrue(strings.size() > 500, "strings read: " + strings.size());
        assertEquals(List.of(), wrong, "redacted in " + redacted + " of " + strings.size() + " strings");
    }

    private static void collect(JsonNode n, Set<String> out) {
        if (n.isTextual()) {
            String s = n.asText().strip();
            if (s.length() >= 30) {
                out.add(s.length() > 4000 ? s.substring(0, 4000) : s);
                if (s.startsWith("{") || s.startsWith("[")) {
                    try {
                        collect(Json.MAPPER.readTree(s), out);
                    } catch (IOException e) {
                        // not JSON after all: the string itself is the text
                    }
                }
            }
        }
        n.forEach(c -> collect(c, out));
    }

    /** Round 59 (dev18, dev19): parts of hashes, package paths and file extensions are no places or names. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "tool_result: {\"run_id\": \"$2b$14$twAOx0szrNsyMS0qH4ic3Lnmt/Sh3q5MQ.TXcMnhHcovrfRkoAZwg\"}",
                "Here is the result: sha1-BX8dWtnDz3/+C/ujafe8p1T//Pk= (copied for the ticket).",
                "java.lang.NullPointerException: Connection pool shut down",
                "saved to reports/Q3Summary.json ok",
                "Open Config.json to edit, then Report.yaml"
            })
    void partsOfMachineTokensAreKept(String text) {
        Redactor.Result res = new Redactor().redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    @Test
    void aStreetOutsideATokenAndANameBeforeAnExtensionOfNoFileStay() {
        Redactor r = new Redactor();
        assertEquals(1, r.redact("I live at C/ Mayor 12, 28013 Madrid").count(Redactor.Kind.ADDRESS));
        assertEquals(
                1, r.redact("Siobhan Whitfield called about the json export").count(Redactor.Kind.NAME));
    }
}
