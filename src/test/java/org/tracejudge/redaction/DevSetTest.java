package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The development set (src/test/resources/redaction-dev/dev.jsonl, tools/redaction-dev-set.py): the set the detectors
 * were tuned on, so its figures are optimistic. This test is a regression floor on it (the figures measured when the
 * detectors were last tuned, minus 2 points), not a measure of recall on unseen text.
 */
class DevSetTest {
    /** Regression floors: names 97.9% and every other kind 100% on the development set (2026-11-26, before issue 33b; after it names 99.3%, false positives 0.7%), minus 2 points; false positives 1.5% plus 2. */
    static final double NAME_FLOOR = 0.959;

    static final double OTHER_FLOOR = 0.98;
    static final double FP_CEILING = 0.035;

    @Test
    void developmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev", 300, 150);
        for (Map.Entry<String, Evaluation.KindFigure> e : r.perKind().entrySet()) {
            double floor = e.getKey().equals("name") ? NAME_FLOOR : OTHER_FLOOR;
            assertTrue(
                    e.getValue().recall() >= floor,
                    e.getKey() + " recall " + e.getValue().recall() + " below the floor " + floor + "\n"
                            + String.join("\n", r.misses()));
        }
        assertTrue(
                r.falsePositiveRate() <= FP_CEILING,
                "false positives " + r.falsePositiveRate() + "\n" + String.join("\n", r.misses()));
    }

    /**
     * The second development set (dev2.jsonl, issue 33b, written before that changes): figures when they were
     * tuned (2026-11-26: names 98.3%, every other kind 100%, false positives 0.6%), minus 2 points / plus 2 points.
     */
    @Test
    void secondDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev2", 300, 300);
        for (Map.Entry<String, Evaluation.KindFigure> e : r.perKind().entrySet()) {
            double floor = e.getKey().equals("name") ? 0.963 : 0.98;
            assertTrue(
                    e.getValue().recall() >= floor,
                    e.getKey() + " recall " + e.getValue().recall() + " below the floor " + floor + "\n"
                            + String.join("\n", r.misses()));
        }
        assertTrue(
                r.falsePositiveRate() <= 0.026,
                "false positives " + r.falsePositiveRate() + "\n" + String.join("\n", r.misses()));
    }

    /**
     * The third development set (dev3.jsonl, issue 33, written before that changes): figures when they were
     * tuned (2026-11-26: names 148/150, e-mail 12/13, every other kind 100%, false positives 1 of 312), minus 2 points /
     * plus 2 points. Before the changes: false positives 21 of 312, names 92.0%, addresses 85.2%.
     */
    @Test
    void thirdDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev3", 300, 300);
        Map<String, Double> measured = Map.of("name", 148 / 150.0, "email", 12 / 13.0);
        assertFloors(r, measured, 1 / 312.0 + 0.02);
    }

    /**
     * The fourth development set (dev4.jsonl, issue 33's fourth pass, written before its changes in the voices of
     * clinician notes, letters, voice-to-text and forum replies): figures when it was tuned (2026-11-26: names 123/127,
     * every other kind 100%, false positives 0 of 295), minus 2 points / plus 2 points. Before the changes (cbf26bd):
     * names 91.3%, addresses 85.7%, handles 90.3%, false positives 11 of 295.
     */
    @Test
    void fourthDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev4", 250, 250);
        Map<String, Double> measured = Map.of("name", 125 / 127.0); // tenth pass: 125 (before 123)
        assertFloors(r, measured, 0.02);
    }

    /**
     * The fifth development set (dev5.jsonl, issue 33's fifth pass, written before its changes: addresses in every
     * locale, clinical and landmark text): figures when it was tuned (2026-11-26, df60f86: addresses 133/133, names
     * 66/68, e-mail 12/13, handles 14/15, false positives 17 of 322), minus 2 points / plus 2 points. Before the changes
     * (669a0fe): addresses 88.0%, names 91.2%, false positives 28 of 322 (8.7%).
     */
    @Test
    void fifthDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev5", 240, 300);
        Map<String, Double> measured = Map.of("name", 66 / 68.0, "email", 12 / 13.0, "handle", 14 / 15.0);
        assertFloors(r, measured, 6 / 322.0 + 0.02); // eighth pass: 6 of 322 (seventh 8, sixth 10)
    }

    /**
     * The sixth development set (dev6.jsonl, issue 33's sixth pass, written before its changes: 696 harmless messages
     * weighted to public people, shops named after people, landmarks, crisis lines and foreign counts; 151 names):
     * figures when it was tuned (2026-11-26: names 132/151, e-mail 3/4, address 23/24, false positives 98 of 696),
     * minus 2 points / plus 2 points. Before the changes (099085f): the same recall, false positives 196 of 696 (28.2%).
     */
    @Test
    void sixthDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev6", 170, 650);
        Map<String, Double> measured =
                Map.of("name", 137 / 151.0, "email", 3 / 4.0, "address", 23 / 24.0); // tenth: 137
        assertFloors(r, measured, 70 / 696.0 + 0.02); // eighth pass: 70 of 696 (seventh 86, sixth 98)
    }

    /**
     * The seventh development set (dev7.jsonl, issue 33's seventh pass, written before its changes: 393 long harmless
     * messages, clinic letters, timetables, medication lists, public places with their address, pets, storms,
     * eponymous conditions and scales; 123 street addresses of nine locales and 116 names): figures when it was tuned
     * (2026-11-26: names 111/116, address 123/123, false positives 8 of 393), minus 2 points / plus 2 points. Before
     * the changes (a414e76): names 109/116, address 77/123 (62.6%), false positives 65 of 393 (16.5%).
     */
    @Test
    void seventhDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev7", 220, 380);
        Map<String, Double> measured = Map.of("name", 111 / 116.0);
        assertFloors(r, measured, 7 / 393.0 + 0.02); // eighth pass: 7 of 393 (seventh 8)
    }

    /**
     * The eighth development set (dev8.jsonl, issue 33's eighth pass, written before its changes: 436 harmless
     * messages in German, French, Spanish, Welsh, Hinglish, Irish and Australian English and mixed languages; 109 names
     * of those origins, addresses and phones of those locales): figures when it was tuned (2026-11-27: names 100/109,
     * address 21/23, false positives 36 of 436), minus 2 points / plus 2 points. Before the changes (8f70cb4): names
     * 97/109, address 21/23, false positives 117 of 436 (26.8%).
     */
    @Test
    void eighthDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev8", 140, 420);
        Map<String, Double> measured =
                Map.of("name", 103 / 109.0, "address", 21 / 23.0); // tenth pass: 103 (eighth 100)
        assertFloors(r, measured, 36 / 436.0 + 0.02);
    }

    /**
     * The tenth development set (dev10.jsonl, issue 33's tenth pass, written before its changes: 441 harmless messages
     * in chat and SMS style, ALL CAPS, Title Case, pasted mood, sleep, medication, bank, bus and rota logs, people named
     * by role or kinship word; 139 names with no cue, with initials, honorifics, in capitals, after "&", possessive):
     * figures when it was tuned (2026-11-27: names 128/139, every other kind 100%, false positives 1 of 441), minus 2
     * points / plus 2 points. Before the changes (77ec239): names 117/139, e-mail 2/3, false positives 9 of 441.
     */
    @Test
    void tenthDevelopmentSetFiguresDoNotRegress() throws Exception {
        Evaluation.Report r = measure("dev10", 150, 430);
        Map<String, Double> measured = Map.of("name", 128 / 139.0);
        assertFloors(r, measured, 1 / 441.0 + 0.02);
    }

    /**
     * dev11, dev12 and dev13 (issue 47, stop 56; tools51/): harmless messages full of codes of things, names of
     * brands, holidays, eponyms and units; machine ids of tool returns; holidays of many countries. Measured when tuned: 0 of 480 and 4 of 320 changed
     * (before: 76 of 480, 46 of 320).
     */
    @Test
    void codesAndMachineIdsStayUnchanged() throws Exception {
        Evaluation.Report lookalikes = measure("dev11", 0, 480);
        assertFloors(lookalikes, Map.of(), 0.01);
        Evaluation.Report ids = measure("dev12", 0, 320); // issue 47's last pass: 0 (before 4, "Twilio SID …")
        assertFloors(ids, Map.of(), 0.01);
        Evaluation.Report holidays = measure("dev13", 0, 242); // before: 24 of 242 changed
        assertFloors(holidays, Map.of(), 0.01);
    }

    /**
     * dev14, dev15 and dev16 (issue 47, last false-positive figure; tools58/): whole tool returns of the ToolFailBench
     * v5 cybersecurity, finance and medical tasks and strings of the formats/ traces (real data, 1,037 harmless);
     * tool output written here (300 harmless: products, models, organisations and places named like people, versions,
     * ids, amounts); dev17, 250 harmless look-alikes of national ids, accounts and secrets; and the same genres
     * holding names, contacts, national ids, accounts and secrets (96 messages).
     * Before (7112c6b): 26 of 1,037 and 59 of 300 changed; after: 4 and 9; dev16 recall unchanged.
     */
    @Test
    void toolReturnsKeepTheirThingsAndLoseTheirPeople() throws Exception {
        Evaluation.Report corpus = measure("dev14", 0, 1000);
        assertFloors(corpus, Map.of(), 4 / 1037.0 + 0.01);
        Evaluation.Report written = measure("dev15", 0, 300);
        assertFloors(written, Map.of(), 9 / 300.0 + 0.01);
        Evaluation.Report lookalikes = measure("dev17", 0, 250); // ids, accounts, secrets' shapes: 4 before, 0 after
        assertFloors(lookalikes, Map.of(), 0.01);
        Evaluation.Report positives = measure("dev16", 90, 0);
        for (Map.Entry<String, Evaluation.KindFigure> e : positives.perKind().entrySet()) {
            // names 37/40 when tuned (an Irish "Ní Bhriain" surname is left), every other kind 100%
            double floor = (e.getKey().equals("name") ? 37 / 40.0 : 1.0) - 1e-9;
            assertTrue(
                    e.getValue().recall() >= floor,
                    "dev16 " + e.getKey() + " recall " + e.getValue().recall() + "\n"
                            + String.join("\n", positives.misses()));
        }
    }

    /**
     * dev18, dev19 and dev20 (issue 47, round 59; tools59/): 918 random machine ids in six wrappings, 416 harmless
     * texts of tool-output and pasted genres the earlier sets lack (results, timetables, tables, stack traces, public
     * places' addresses, env-var talk), and 72 messages holding 96 personal items in the same genres. Before
     * (5b61216): 47 of 918 and 57 of 416 changed, dev20 96/96; after: 13 and 2, dev20 96/96.
     */
    @Test
    void idsListingsAndPublicPlacesAreKeptAndTheirPeopleNot() throws Exception {
        Evaluation.Report ids = measure("dev18", 0, 918);
        assertFloors(ids, Map.of(), 13 / 918.0 + 0.005);
        Evaluation.Report genres = measure("dev19", 0, 416);
        assertFloors(genres, Map.of(), 2 / 416.0 + 0.005);
        Evaluation.Report positives = measure("dev20", 72, 0);
        for (Map.Entry<String, Evaluation.KindFigure> e : positives.perKind().entrySet()) {
            assertTrue(
                    e.getValue().recall() >= 1.0 - 1e-9,
                    "dev20 " + e.getKey() + " recall " + e.getValue().recall() + "\n"
                            + String.join("\n", positives.misses()));
        }
    }

    /**
     * dev21 and dev22 (issue 47, round 60; tools60/): 886 harmless tool returns of kinds the earlier sets lack (git,
     * lockfiles, Docker and Kubernetes output, checksums, S3 and trace headers, KSUIDs, base64 of content, media and
     * reference ids, model ids, tracking numbers, prose in six languages) and 130 messages holding 156 secrets and
     * identifiers in the same genres. Before (e665aebc): 107 of 886 changed, dev22 150/156; after: 0 and 156/156.
     * dev23 (tools60/harmless2.py): 166 harmless messages of key talk with placeholders, holidays named after people
     * and amounts, dates and references: 25 changed before, 4 after ("Frist 47 Tage").
     */
    @Test
    void toolReturnsOfRound60AreKeptAndTheirSecretsNot() throws Exception {
        Evaluation.Report harmless = measure("dev21", 0, 886);
        assertFloors(harmless, Map.of(), 0.005);
        Evaluation.Report talk = measure("dev23", 0, 166); // key talk, holidays, amounts: 25 before, 4 after
        assertFloors(talk, Map.of(), 4 / 166.0 + 0.005);
        Evaluation.Report secrets = measure("dev22", 130, 0);
        for (Map.Entry<String, Evaluation.KindFigure> e : secrets.perKind().entrySet()) {
            assertTrue(
                    e.getValue().recall() >= 1.0 - 1e-9,
                    "dev22 " + e.getKey() + " recall " + e.getValue().recall() + "\n"
                            + String.join("\n", secrets.misses()));
        }
    }

    /**
     * dev24, dev25 and dev26 (issue 47, round 61; tools61/): 254 harmless tool outputs full of things named like
     * people (catalogues, logs, weather, tickers, code, file listings, calendars, recipes, results, songs, films,
     * medicines, headings), 72 messages holding 144 people, e-mails, phones and addresses in the same genres, and 220
     * harmless holidays, key talk, amounts and references in new wrappings. Before (6f285f3b): 87 of 254 and 14 of 220
     * changed, dev25 names 104/108; after: 8, 1 and names 106/108.
     */
    @Test
    void catalogueThingsAreKeptAndTheirPeopleNot() throws Exception {
        Evaluation.Report things = measure("dev24", 0, 254);
        assertFloors(things, Map.of(), 8 / 254.0 + 0.005);
        Evaluation.Report talk = measure("dev26", 0, 220);
        assertFloors(talk, Map.of(), 1 / 220.0 + 0.005);
        Evaluation.Report people = measure("dev25", 72, 0);
        for (Map.Entry<String, Evaluation.KindFigure> e : people.perKind().entrySet()) {
            double floor = e.getKey().equals("name") ? 106 / 108.0 - 0.02 : 1.0; // names 106/108 when tuned
            assertTrue(
                    e.getValue().recall() >= floor - 1e-9,
                    "dev25 " + e.getKey() + " recall " + e.getValue().recall() + "\n"
                            + String.join("\n", people.misses()));
        }
    }

    /** The report on {@code redaction-dev/NAME.jsonl}, printed, after checking the set still has its size. */
    private static Evaluation.Report measure(String name, int minPositives, int minNegatives) throws Exception {
        Evaluation.Report r =
                Evaluation.run(new Redactor(), Path.of("src/test/resources/redaction-dev/" + name + ".jsonl"));
        System.out.print(r.toText());
        assertTrue(
                r.positives() >= minPositives && r.negatives() >= minNegatives, r.positives() + " / " + r.negatives());
        return r;
    }

    /** Each kind's recall at least its measured figure (1.0 when not given) minus 2 points; false positives at most the ceiling. */
    private static void assertFloors(Evaluation.Report r, Map<String, Double> measured, double fpCeiling) {
        for (Map.Entry<String, Evaluation.KindFigure> e : r.perKind().entrySet()) {
            double floor = measured.getOrDefault(e.getKey(), 1.0) - 0.02;
            assertTrue(
                    e.getValue().recall() >= floor - 1e-9,
                    e.getKey() + " recall " + e.getValue().recall() + " below the floor " + floor + "\n"
                            + String.join("\n", r.misses()));
        }
        assertTrue(
                r.falsePositiveRate() <= fpCeiling,
                "false positives " + r.falsePositiveRate() + "\n" + String.join("\n", r.misses()));
    }
}
