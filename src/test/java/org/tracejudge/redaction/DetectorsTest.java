package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Each detector of issue 33 on the shapes it owns, the check rules, and text it must leave alone. */
class DetectorsTest {
    private final Redactor r = new Redactor();

    /** The detail is hidden whole (every letter and digit inside a span) and the preview names the kind. */
    private void hides(String text, String detail, Redactor.Kind kind) {
        Redactor.Result res = RedactionAsserts.hides(r, text, detail);
        assertTrue(res.spans().stream().anyMatch(s -> s.kind() == kind), kind + " in " + res.spans());
        assertTrue(res.text().contains("[" + kind.name() + "]"), res.text());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "my iban is GB82 WEST 1234 5698 7654 32 for the refund|GB82 WEST 1234 5698 7654 32|IBAN",
                "they took it from de89370400440532013000 without asking|de89370400440532013000|IBAN",
                "he used my card 4111 1111 1111 1111 and now its maxed|4111 1111 1111 1111|CARD",
                "card 3782-822463-10005 exp 09/27|3782-822463-10005|CARD",
                "my ssn is 123-45-6789 they said|123-45-6789|SSN",
                "nhs number 943 476 5919 if the gp needs it|943 476 5919|NHS",
                "my NI number is AB 12 34 56 C, the job centre lost it|AB 12 34 56 C|NI",
                "meine Steuer-ID ist 86095742719, the Finanzamt writes|86095742719|TAX_ID",
                "my aadhaar is 4918 2736 4511 pls dont share|4918 2736 4511|AADHAAR",
                "he knows my IP 81.2.69.160 and says he will find me|81.2.69.160|IP",
                "login from 2a02:c7f:7e14:af00::1 at 3am|2a02:c7f:7e14:af00::1|IP",
                "write to jo.bloggs at outlook dot com|jo.bloggs at outlook dot com|EMAIL",
                "mail me aoife.k @ protonmail . com pls|aoife.k @ protonmail . com|EMAIL",
                "my email: niamh99 (at) yahoo (dot) com|niamh99 (at) yahoo (dot) com|EMAIL",
                "my insta is sad.girl.autumn if you want to see|sad.girl.autumn|HANDLE",
                "they made a fake account @tomkatt99 pretending to be me|@tomkatt99|HANDLE",
                "look at instagram.com/chidi_o thats him|instagram.com/chidi_o|URL",
                "my page https://www.tiktok.com/@mei.lin.art got hacked|https://www.tiktok.com/@mei.lin.art|URL",
                "text me on 07700 900123 i cant talk out loud|07700 900123|PHONE",
                "call (415) 555-0142 after six|(415) 555-0142|PHONE",
                "mon portable 06 12 34 56 78 le soir|06 12 34 56 78|PHONE",
                "whatsapp +91 98765 43210 pls|+91 98765 43210|PHONE",
                "tell priyanka im sorry|priyanka|NAME",
                "my daughter Niamh wont talk to me|Niamh|NAME",
                "thanks for listening\\n- Tom Hale|Tom Hale|NAME",
                "my social worker is Dr Amara Ben Salah|Amara Ben Salah|NAME",
                "my name is will and i have been struggling|will|NAME",
                "ask Liam van der Berg, he knows|Liam van der Berg|NAME",
                "my cousin Siobhan O'Neill said|Siobhan O'Neill|NAME",
                "i live at 42 Larkspur Road, Leeds LS6 2AB and i dont want to go home|42 Larkspur Road, Leeds LS6 2AB|ADDRESS",
                "moved to 1208 Oak Ave, Austin, TX 78704 last month|1208 Oak Ave, Austin, TX 78704|ADDRESS",
                "meine Adresse ist Lindenstraße 12, 10115 Berlin|Lindenstraße 12, 10115 Berlin|ADDRESS",
                "j'habite au 12 rue des Lilas, 75011 Paris|12 rue des Lilas, 75011 Paris|ADDRESS",
                "vivo en Calle Mayor 5, 28013 Madrid|Calle Mayor 5, 28013 Madrid|ADDRESS",
                "send it to Flat 4B, 22 MG Road, Bengaluru 560001|Flat 4B, 22 MG Road, Bengaluru 560001|ADDRESS",
                "we're at 7 Smith St, Fitzroy VIC 3065 now|7 Smith St, Fitzroy VIC 3065|ADDRESS",
                "i was born in March 90 so im old lol|March 90|DOB",
                "d.o.b 14/03/1998|14/03/1998|DOB",
                "my birthday is the 3rd of may 1990|3rd of may 1990|DOB",
                "i was born in 91 so|91|DOB",
                "Ananya Krishnamurthy, 23, Bangalore|Ananya Krishnamurthy|NAME",
                "I'm Ayodele but everyone calls me Ayo|Ayodele|NAME",
                "my daughter Lily-Rose is 6|Lily-Rose|NAME",
                "thank you so much, Fatou Diallo|Fatou Diallo|NAME",
                "Mrs Bhattacharya next door called the police|Mrs Bhattacharya|NAME",
                "i live on Larch Road in Leeds and hate it|Larch Road|ADDRESS",
                "my site is sarahjonesphotography.com|sarahjonesphotography.com|URL"
            })
    void eachKindIsHiddenAndNamed(String text, String detail, Redactor.Kind kind) {
        hides(text.replace("\\n", "\n"), detail, kind);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bp was 140/90 at the gp and 150/95 at home",
                "I'm Type 2 diabetic and take metformin 500mg twice a day",
                "the crisis line 988 didnt pick up, then i texted 85258 and called 116 123",
                "text HOME to 741741 they told me",
                "my name is mud at work after what happened",
                "Dr. Google says i have everything lol",
                "i hope it gets better, i will try, may be tomorrow",
                "frank conversation with my boss today, the rose bush died, june was the worst",
                "appointment is on 14/03/2026 at 9:30 and im dreading it",
                "updated to ios 17.4.1 and version 2.3.10 deleted my journal",
                "i'm 27 and ive felt like this since i was 15",
                "my claim reference is 4471 2290 18 and nobody replies",
                "i took 16 paracetamol at 3am, i'm 34 weeks pregnant",
                "1.1.1.1 is the dns thing my brother set up",
                "i was born again christian and my birthday party got cancelled",
                "take 1-2 tablets every 4-6 hours, max 8 in 24 hours",
                "i told Samaritans everything, Zopiclone keeps me up, I'm Scottish",
                "we moved to Leeds from Kent and i went to A&E at St Thomas' last night",
                "Sent from my iPhone"
            })
    void ordinaryAndClinicalTextIsLeftAlone(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    @Test
    void checkRules() {
        assertTrue(Checksums.iban("GB82WEST12345698765432"));
        assertFalse(Checksums.iban("GB82WEST12345698765433"), "mod 97");
        assertFalse(Checksums.iban("DE8937040044053201300"), "length of the country");
        assertTrue(Checksums.luhn("4111111111111111"));
        assertFalse(Checksums.luhn("4111111111111112"));
        assertFalse(Checksums.luhn("0000000000000000"), "a round number");
        assertTrue(Checksums.ssn("123456789"));
        assertFalse(Checksums.ssn("666456789"), "area 666");
        assertFalse(Checksums.ssn("900456789"), "area 9xx");
        assertFalse(Checksums.ssn("123006789"), "group 00");
        assertTrue(Checksums.nhs("9434765919"));
        assertFalse(Checksums.nhs("9434765918"));
        assertTrue(Checksums.ni("AB123456C"));
        assertFalse(Checksums.ni("QQ123456C"), "Q is never a first letter");
        assertFalse(Checksums.ni("GB123456A"), "GB is not a prefix");
        assertTrue(Checksums.steuerId("86095742719"));
        assertFalse(Checksums.steuerId("86095742718"));
        assertTrue(Checksums.aadhaar("491827364511"));
        assertFalse(Checksums.aadhaar("491827364512"));
        assertFalse(Checksums.aadhaar("191827364511"), "never starts with 0 or 1");
        assertTrue(Identifiers.ipv6("2001:db8::1"));
        assertTrue(Identifiers.ipv6("fe80:0:0:0:200:f8ff:fe21:67cf"));
        assertFalse(Identifiers.ipv6("10:30:45"), "a time");
        assertFalse(Identifiers.ipv6("1::2::3"), "two double colons");
    }

    @Test
    void strictModeTakesMoreAndAllowAndDenyListsApply() {
        String text = "Spoke to Okafor at Riverside about it, ref 55512345";
        Redactor strict = new Redactor(new Redactor.Options(true, List.of(), List.of(), List.of()));
        assertTrue(
                strict.redact(text).spans().size() > r.redact(text).spans().size(),
                strict.redact(text).text());
        Redactor allow =
                new Redactor(new Redactor.Options(false, List.of(), List.of("Niamh"), List.of("Project Lantern")));
        Redactor.Result res = allow.redact("my daughter Niamh is on Project Lantern");
        assertEquals("my daughter Niamh is on [REDACTED]", res.text());
    }

    @Test
    void spansAreOffsetsIntoTheOriginalWithTheirKind() {
        String text = "im priyanka, card 4111 1111 1111 1111";
        Redactor.Result res = r.redact(text);
        assertEquals("im [NAME], card [CARD]", res.text());
        for (Redactor.Span s : res.spans()) {
            assertEquals(text.substring(s.start(), s.end()), s.original());
        }
        assertEquals(
                List.of(Redactor.Kind.NAME, Redactor.Kind.CARD),
                res.spans().stream().map(Redactor.Span::kind).toList());
    }
}
