package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The mechanisms added in issue 33b, one case or more each (strings written for this test, none from the held-out
 * set): the larger name lists, language-aware ambiguity, public-figure and place readings, sign-offs alone at the
 * end, names reaching back over particles, spelled e-mails in other languages, handle cues, Eircodes, and numbers
 * named as references.
 */
class Issue33bMechanismsTest {
    private final Redactor r = new Redactor();

    private void hides(String text, String detail) {
        RedactionAsserts.hides(r, text, detail);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // names from the -extra lists (faker-js, US SSA baby names), no cue, lower case too
                "honestly jaxon is the only one who answers|jaxon",
                "Kaylee keeps telling me it'll pass|Kaylee",
                // accents folded for the lookup
                "me and Seán had a fight|Seán",
                // a name alone ends the message: a sign-off
                "thank you for reading all this.\\nOrlaith x|Orlaith",
                "ok. Marisa Quintero|Marisa Quintero",
                // an unknown word before a verb said of people, also in lower case
                "zanele said i was being dramatic|zanele",
                // the name reaches back over given names and particles
                "it was Abu Hamza bin Rashid who took the car|Abu Hamza bin Rashid",
                "gracias por todo\\nAna María de los Santos|Ana María de los Santos",
                "Bill Okonedo from the housing office never rings back|Bill Okonedo",
                // relation words
                "my da Cathal won't talk about it|Cathal",
                // self-introductions in other languages
                "hola, soy Itziar y no puedo más|Itziar",
                "mi hermana se llama Remedios|Remedios",
                // a sign-off line takes the word after the name, whatever it is ("- tom hale")
                "thanks for this\\n- dougal fairbairn|dougal fairbairn",
                // a name at the start of a sentence before "left"
                "Since Obiageli left, nothing feels right|Obiageli",
            })
    void namesAreTaken(String text, String name) {
        hides(text.replace("\\n", "\n"), name);
    }

    @org.junit.jupiter.api.Test
    void aNameDoesNotTakeTheWordsAfterIt() {
        assertEquals(
                "Tell [NAME] I'm sorry.", r.redact("Tell Mateusz I'm sorry.").text());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // words of the message's own language that are also given names
                "je pense que ça ira demain",
                "j'ai 23 ans et je suis fatiguée",
                "Tomo 20 mg de escitalopram por la noche",
                "el tren de las 8 no vino",
                "mein Arzt hat mir 10 mg gegeben",
                // public figures' work, a name as a common noun, a title joke
                "i'm listening to Hozier on repeat",
                "I read a book by Matt Haig about it",
                "Lewis Capaldi songs make me cry",
                "she called me a karen lol",
                "Dr. Phil would have a field day",
                // cities after movement words, before a place noun, a place head
                "we went to Bristol for the weekend",
                "i moved from Leeds to Sheffield last year",
                "we walked along Brighton beach",
                "Lake Geneva was beautiful",
                // things before verbs said of people and things alike
                "Lexapro isn't working anymore",
                "Ozempic keeps me up at night",
            })
    void ordinaryTextIsLeftAlone(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "schreib mir an tobias.brandt(at)gmx(punkt)de bitte|tobias.brandt(at)gmx(punkt)de",
                "mon mail c'est ines.roy arobase orange point fr|ines.roy arobase orange point fr",
                "mi correo es lucas.vera arroba gmail punto com|lucas.vera arroba gmail punto com",
                "email me on nina (dot) shaw (at) icloud (dot) com|nina (dot) shaw (at) icloud (dot) com",
                "my insta's river.and.reeds if you want|river.and.reeds",
                "add me on snap, its jonno_1999|jonno_1999",
                "mi insta es marta.dibuja|marta.dibuja",
                "mein insta ist felix.zeichnet|felix.zeichnet",
            })
    void emailsAndHandlesAreTaken(String text, String item) {
        hides(text, item);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "post it to 3 Abbey Row, Kilkenny, Co. Kilkenny R95 C9T2 please|3 Abbey Row, Kilkenny, Co. Kilkenny R95 C9T2",
                "i live at 22 Harbour View, Cobh, P24 AX81|22 Harbour View, Cobh, P24 AX81",
                "my address is No. 14, 3rd Cross Road, Jayanagar, Bengaluru 560041|No. 14, 3rd Cross Road, Jayanagar, Bengaluru 560041",
            })
    void addressesAreTakenWhole(String text, String address) {
        hides(text, address);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "my application number is 230415009812",
                "roll number 2210345 on the hall ticket",
                "mon numéro de dossier est 2023-0045871",
                "mi número de expediente es 2023/118745",
                "my ref number is 2024-118-4471 but nobody calls back",
                "we live at number 12 but the boiler is broken",
            })
    void numbersNamedAsReferencesAreLeft(String text) {
        Redactor.Result res = r.redact(text);
        assertEquals(text, res.text(), res.spans().toString());
    }
}
