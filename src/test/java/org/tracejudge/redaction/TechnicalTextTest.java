package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Issue 47's false positives in tool returns: {@link NetworkAddresses}, {@link CloudIds}, {@link LogTimestamps}, {@link CommandLines}. */
class TechnicalTextTest {
    private final Redactor r = new Redactor();

    private void kept(String text) {
        assertEquals(text, r.redact(text).text());
    }

    @Test
    void networkBlocksAndNonRoutableAddressesInMachineTextAreKept() {
        kept("Allow inbound from 203.0.113.0/24 and 198.51.100.0/24 on port 22");
        kept("Accepted publickey for deploy from 203.0.113.0/24 port 22");
        kept("The load balancer listens on 192.0.2.10:443 and forwards to 10.0.2.15:8080.");
        kept("IPv6: fe80::1ff:fe23:4567:890a%eth0, 2001:db8:85a3::8a2e:370:7334/64");
        kept("127.0.0.1 - - [14/May/2024:10:02:11 +0000] \"GET /healthz HTTP/1.1\" 200 2");
    }

    @Test
    void addressesPeopleTalkAboutAndPublicHostsAreStillRedacted() {
        assertEquals(
                "my ip shows [IP] on the router page",
                r.redact("my ip shows 192.168.1.47 on the router page").text());
        assertEquals(
                "the login came from [IP]",
                r.redact("the login came from 2001:db8:85a3::8a2e:370:7334").text());
        assertEquals(
                "upstream [IP]:9000 timed out",
                r.redact("upstream 81.2.69.160:9000 timed out").text());
        assertTrue(NetworkAddresses.routable("81.2.69.160"));
    }

    @Test
    void cloudIdsAreNotHandles() {
        kept("tool_result: {\"snapshot\": \"snap-0f3e9d1c2b4a59687\", \"size_gb\": 100}");
        kept("{\"SnapshotId\": \"snap-0f3e9d1c2b4a59687\", \"VolumeId\": \"vol-049df61146c4d7901\"}");
        assertEquals("my snap: [HANDLE]", r.redact("my snap: jo_b99").text());
    }

    @Test
    void logTimeStampsAreNotPhones() {
        kept("ERROR 2024-05-14 10:03:55,401 worker.py:212 retry=3/5");
        kept("[2024-05-14 10:05:00] production.INFO: Job processed in 412ms");
    }

    @Test
    void flagValuesPackagePathsAndCodeAreNotPeople() {
        kept("Build log: Step 7/12 : RUN npm ci --omit=dev ---> Running in c56ff01a3405");
        kept("eksctl create nodegroup --cluster=prod --name=ng-spot-2 --nodes-min=2");
        kept("Bump com.fasterxml.jackson.core:jackson-databind from 2.17.0 to 2.17.1 (#412)");
        kept("curl -X POST -H 'Content-Type: application/json' --data-binary @job.json --max-time 30");
        kept("+ @babel/core@7.24.5, Error: Cannot find module '@aws-sdk/client-s3'");
        kept("HEAD is now at 4b825dc fix(parser): handle empty arrays");
        kept("Connection refused: localhost/127.0.0.1:5432 at sun.nio.ch.Net.pollConnect(Native Method)");
        kept("go: downloading github.com/spf13/cobra v1.8.0");
    }

    @Test
    void holidayDatesCloudAccountsCompactStampsAndDataUrisAreKept() {
        kept("Australia Day 26 January; Anzac Day 25 April; King's Birthday 10 June");
        kept("AWS account 123456789012 in us-east-1");
        kept("Timestamp 20240514100211, build number 240514");
        kept(
                "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
        assertEquals(
                "account number [ACCOUNT]", r.redact("account number 41236598").text());
    }

    /**
     * The development set of harmless tool returns (redaction-dev/dev47fp.jsonl, written for this pass in two batches,
     * each before its rules): batch 1 (122) 38 changed before (commit 004e9ef), 2 after; batch 2 (76) 11 changed at
     * 004e9ef, 8 after batch 1's rules, 4 after its own; batch 3 (20 product and tool names with versions) 6, no rule
     * for them yet.
     */
    @Test
    void harmlessToolReturnsStayAsTheyAre() throws Exception {
        Evaluation.Report rep =
                Evaluation.run(new Redactor(), Path.of("src/test/resources/redaction-dev/dev47fp.jsonl"));
        System.out.print(rep.toText());
        assertEquals(218, rep.negatives());
        assertTrue(rep.falsePositiveRate() <= 12 / 218.0 + 1e-9, String.join("\n", rep.misses()));
    }
}
