package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link NamedThings}: products, vendors, places, variables, ranges and versions in tool returns are kept; a person,
 * a time after a name, a speaker's label and an IP address of a host are still taken.
 */
class NamedThingsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"advisory_id\": \"cisco-sa-asaftd-rce\", \"vendor\": \"Cisco\", \"title\": \"Cisco ASA and FTD Software\"}",
                "{\"datacenter\": \"Eugene\", \"region\": \"us-west-2\", \"latency_ms\": 159}",
                "{\"company\": \"Berkshire Hathaway\", \"peer\": \"McKinsey\"}",
                "Haskell 6.4.29 is up to date; image haskell:9.15.22 pulled.",
                "alert tcp $EXTERNAL_NET any -> $HOME_NET 445 (msg:\"x\"; classtype:attempted-admin; sid:2024218; rev:2;)",
                "Dexamethasone in hospitalized patients with Covid-19",
                "Claude Haiku scored 64.0 on the eval; Mistral 7B 81.0.",
                "JPMorgan Chase & Co. 5.625% notes due 2032",
                "Flights VO5280 from Eugene to Irving depart 2023-09-05 03:09.",
                "Weather for Arlington: 22°C, wind 20 km/h; Tyler tomorrow 2°C.",
                "The Chandler office opens 2019-08-19; badge range 53205-57688.",
                "Pipeline disclosure: 8 Phase 3 candidates active.",
                "Clarithromycin is a strong CYP3A4 inhibitor + P-gp inhibitor; icosapent ethyl for hypertriglyceridemia",
                "Pseudohyperkalemia from hemolysis is common.",
                "ASA 9.x prior to 9.20.4-1; FTD 7.x prior to 7.4.2.1",
                "11.3.2 external scans quarterly; 11.3.1.1 significant change triggers re-scan",
                "Salesforce and Sony filed 10-Q reports on 2023-11-05.",
                "The index uses Boyer-Moore search and the Fisher-Yates shuffle; leaflet on Ewing sarcoma.",
                "Twilio SID SMb347611a3ce9d97dcbee500fe7ee5fc3 status delivered",
                "route add -net 172.16.0.0/12 gw 10.0.0.1 dev eth0",
                "Storybook 8.0 started on port 6006; Vite 5.2 dev server ready",
                "Berkeley DB 18.1 and Oracle Database 19c listed as legacy",
                "<artifactId>junit-jupiter</artifactId><version>5.10.2</version>",
                "Ticket numbers 21345678, 21345679 and 21345680 closed as duplicates",
                "Process 48213 used 2.1 GB RSS; threads 212; open files 1,024",
                "ULID 01HXZ3K4M5N6P7Q8R9S0T1V2W3; KSUID 2fBx2ZxnB4yJ7xYqXoI1nTz3c4b",
                "Meter reading 976518 kWh on 2024-11-20; MPAN core 9050255533727."
            })
    void aThingOfAToolReturnIsKept(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void peopleAndHostsBesideThemAreStillTaken() {
        assertEquals(
                "see you at 10.30, [NAME]", r.redact("see you at 10.30, Eugene").text());
        assertTrue(r.redact("{\"customer\": \"Tyler Brooks\", \"vendor\": \"Cisco\"}")
                .text()
                .contains("[NAME]"));
        assertTrue(r.redact("Ticket 12 assigned to Quincy Adebayo on 2024-04-02")
                .text()
                .contains("[NAME]"));
        assertTrue(r.redact("a gift from Eugene for my birthday").text().contains("[NAME]"));
        assertTrue(r.redact("login from 185.220.101.42 failed").text().contains("[IP]"));
        assertTrue(r.redact("call me on 07700 900123").text().contains("[PHONE]"));
        assertEquals(
                "[NAME] 9.5 hours this week",
                r.redact("Priya 9.5 hours this week").text());
        assertEquals("[NAME] server outage", r.redact("Emma server outage").text());
        assertEquals("[NAME]: are you there?", r.redact("Sid: are you there?").text());
        assertEquals(
                "call [PHONE], [PHONE] or [PHONE]",
                r.redact("call 07700900123, 07700900456 or 07700900789").text());
    }

    /** Round 59 (dev19): a platform's word inside a variable's name is no handle cue; a real cue still is. */
    @Test
    void platformWordInAVariableIsNoHandleCue() {
        Redactor r = new Redactor();
        String text = "Set GITHUB_TOKEN=<your-key> and TWITTER_BEARER_TOKEN in .env; never commit them.";
        assertEquals(text, r.redact(text).text());
        assertEquals(1, r.redact("my github is octo_cat99 btw").count(Redactor.Kind.HANDLE));
    }
}
