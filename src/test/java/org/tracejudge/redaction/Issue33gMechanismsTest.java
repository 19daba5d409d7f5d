package org.tracejudge.redaction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules added for issue 33's seventh pass after the seventh development set (dev7.jsonl: long harmless messages,
 * public places with their address, pets, storms, eponymous conditions; street addresses of nine locales). Every
 * harmless case here was changed, and every address here was missed or cut short, by the build before them (commit
 * a414e76). Strings written for this test, none from the held-out set or from dev7.
 */
class Issue33gMechanismsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                // storms, pets, saints, quoted authors, eponymous conditions and scales
                "Storm Darragh brought the fence down and I sat up all night",
                "our dog Biscuit sleeps by the door when I'm low",
                "Notre chat Minou ne me quitte plus",
                "my gran prays to Saint Anthony for everything",
                "my counsellor keeps quoting Mary Oliver at me",
                "I listened to Hallelujah by Leonard Cohen and cried",
                "the Holmes and Rahe stress scale said I was at risk",
                "he was diagnosed with Guillain-Barré in the spring",
                "Mein Vater hat Parkinson und meine Mutter Alzheimer.",
                // weekdays, months after a time word, a street after a name, a title of a service
                "the clinic is open Mondays and Thursdays only",
                "in August my dad had a stroke and everything changed",
                "the DMV on Jefferson Blvd kept me waiting for hours",
                "The Crisis Text Line is free, you text HOME",
                "Tourette Association of America runs a group online",
                // medicines named without a dose, dose forms, lower-case verbs after a relation
                "is it safe to take Benadryl with Zoloft at night",
                "Tab Clonazepam 0.25 mg HS, Tab Escitalopram 10 mg OD",
                "my father has cancer and my brother lives abroad",
                "Todos los días son iguales y no salgo de casa.",
                "the night nurse held my hand until I slept",
                // German and French nouns after determiners and articles
                "Seit dem Tod meiner Mutter im Sommer schlafe ich schlecht.",
                "Le Pont Neuf la nuit, j'y vais quand je ne dors pas.",
                // a public place and its address
                "Bellevue Hospital, 462 First Avenue, New York is where they took me",
                "Mass General is at 55 Fruit Street, Boston and the entrance is on the side",
                "El Hospital Gregorio Marañón, calle del Doctor Esquerdo 46, Madrid, es donde me llevaron",
                // a spelled "at" before a full stop, room and floor numbers, a generic house
                "I just sit at home. It's the first Christmas since the divorce",
                "see you Tues 3pm room 4B, bring the diary sheets",
                "Unit 4, level 2, Main Building, Thursday at 10",
                "I've been at the house, church road was flooded so we stayed in",
            })
    void ordinaryTextIsLeftAlone(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // house numbers in words
                "he knows i live at forty two Mill Street|forty two Mill Street",
                "my dad lives at four hundred twelve west pine street now|four hundred twelve west pine street",
                // a flat, house or room number, then comma-separated segments
                "i am at flat 304, sai krupa apartments, 12th cross, malleshwaram, bangalore, please|"
                        + "flat 304, sai krupa apartments, 12th cross, malleshwaram, bangalore",
                "my brother is in apartment 3, the weir, mill road, ennis and he won't answer|"
                        + "apartment 3, the weir, mill road, ennis",
                "mera address hai H.No. 221, Gali No. 4, Shanti Nagar, Jaipur, please|H.No. 221, Gali No. 4, Shanti Nagar, Jaipur",
                // named houses and farms with their street and town
                "we're at Rose Cottage, Long Lane, Little Snoring, Norfolk if you need us|"
                        + "Rose Cottage, Long Lane, Little Snoring, Norfolk",
                // a town after the street (capitalised, on the next line, a state with no ZIP)
                "the letter went to 14 Bramley Close, Chard instead of here|14 Bramley Close, Chard",
                "my ex lives at 3309 W Indian School Rd Apt 14, Phoenix AZ and he has my kids|"
                        + "3309 W Indian School Rd Apt 14, Phoenix AZ",
                // US routes and motel rooms, half numbers, lots
                "i'm in room 112 of the Sunrise Inn, 880 Route 9, Lakewood till friday|"
                        + "room 112 of the Sunrise Inn, 880 Route 9, Lakewood",
                "the kids are at 118 1/2 S. Main St, Ann Arbor this week|118 1/2 S. Main St, Ann Arbor",
                "mum's at lot 9 boundary rd, she won't answer|lot 9 boundary rd",
                // Welsh, Australian, German, Spanish, Catalan and Dutch forms
                "23 Cwrt y Coleg, Caerfyrddin is my new place|23 Cwrt y Coleg, Caerfyrddin",
                "RMB 4420, Mount Beauty Road, Tawonga is our address|RMB 4420, Mount Beauty Road, Tawonga",
                "er wohnt in der Kantstraße 128, Seitenflügel, 3. Stock, in Charlottenburg|"
                        + "Kantstraße 128, Seitenflügel, 3. Stock",
                "estoy en calle Mayor 14, 2º izquierda, Logroño de momento|calle Mayor 14, 2º izquierda, Logroño",
                "mi madre está en plaza San Roque s/n, Villanueva de la Vera|plaza San Roque s/n, Villanueva de la Vera",
                "ik woon nu op Kerkstraat 12-III, 1017 GC Amsterdam|Kerkstraat 12-III, 1017 GC Amsterdam",
                // a person's address next to a public place's
                "The clinic is at 1100 Delaware Ave but my home is 2430 Welton St Apt 9, Denver|"
                        + "2430 Welton St Apt 9, Denver",
                // a name after a role with a colon
                "Care coordinator: Tom Ashworth.|Tom Ashworth",
            })
    void addressesAndNamesAreTaken(String text, String item) {
        RedactionAsserts.hides(r, text, item);
    }

    @Test
    void aTownOnTheNextLineIsTaken() {
        RedactionAsserts.hides(
                r, "my mums at 3 Tyddyn Terrace\nLlanrug and she's not answering", "3 Tyddyn Terrace\nLlanrug");
        RedactionAsserts.hides(
                r,
                "the placement is at Ivy House Farm\nMoor Road\nBrompton-on-Swale",
                "Ivy House Farm\nMoor Road\nBrompton-on-Swale");
    }
}
