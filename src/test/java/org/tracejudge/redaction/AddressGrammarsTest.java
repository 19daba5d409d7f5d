package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The address grammars: each finds its own form alone, says nothing on plain text, and the registry lists each once. */
class AddressGrammarsTest {
    private static final Map<AddressGrammar, String[]> EXAMPLES = Map.ofEntries(
            Map.entry(StreetNamedAddress.INSTANCE, new String[] {"i live on Larch Road now", "Larch Road"}),
            Map.entry(IrishCountyAddress.INSTANCE, new String[] {"Tullyvin, Cootehill, Co. Cavan", "Co. Cavan"}),
            Map.entry(NamedBuildingAddress.INSTANCE, new String[] {"Rose Cottage, Long Lane", "Rose Cottage"}),
            Map.entry(NumberWordsAddress.INSTANCE, new String[] {"I am at forty two Mill Street", "Mill Street"}),
            Map.entry(EnglishStreetAddress.INSTANCE, new String[] {"send it to 12 Elm Street please", "12 Elm Street"}),
            Map.entry(
                    UnitChainAddress.INSTANCE,
                    new String[] {"flat 304, sai krupa apartments, 12th cross, malleshwaram", "flat 304"}),
            Map.entry(UsRouteAddress.INSTANCE, new String[] {"we are at 880 Route 9", "880 Route 9"}),
            Map.entry(WelshStreetAddress.INSTANCE, new String[] {"it is 23 Cwrt y Coleg", "Cwrt y Coleg"}),
            Map.entry(CompoundStreetAddress.INSTANCE, new String[] {"my address is 41 Kingsway, Leeds", "41 Kingsway"}),
            Map.entry(SectorAddress.INSTANCE, new String[] {"B-42, Sector 15, Noida 201301", "Sector 15"}),
            Map.entry(PostBoxAddress.INSTANCE, new String[] {"write to PO Box 123", "PO Box 123"}),
            Map.entry(CyrillicStreetAddress.INSTANCE, new String[] {"ул. Ленина, д. 5", "Ленина"}),
            Map.entry(HanStreetAddress.INSTANCE, new String[] {"我住在中山路100号", "中山路100号"}),
            Map.entry(GermanDutchAddress.INSTANCE, new String[] {"Sendlinger Str. 44", "Sendlinger Str. 44"}),
            Map.entry(FrenchAddress.INSTANCE, new String[] {"au 12 rue de la Paix", "rue de la Paix"}),
            Map.entry(SpanishAddress.INSTANCE, new String[] {"en Calle Mayor 5", "Calle Mayor 5"}),
            Map.entry(CueClauseAddress.INSTANCE, new String[] {"i live at 3 Larch", "3 Larch"}),
            Map.entry(PostcodeAnchorAddress.INSTANCE, new String[] {"Flat 2, Mill House, Leeds LS6 2AB", "LS6 2AB"}));

    private static List<AddressGrammar> registry() {
        List<AddressGrammar> all = new ArrayList<>(List.of(Recognizers.ADDRESS_GRAMMARS_WORDED));
        all.addAll(List.of(Recognizers.ADDRESS_GRAMMARS));
        return all;
    }

    @Test
    void eachGrammarFindsItsFormAlone() {
        for (AddressGrammar g : registry()) {
            String[] example = EXAMPLES.get(g);
            Scan scan = new Scan(example[0], false);
            g.find(scan);
            assertTrue(
                    scan.spans.stream()
                            .anyMatch(s -> s.kind() == Redactor.Kind.ADDRESS
                                    && s.original().contains(example[1])),
                    g.name() + " on \"" + example[0] + "\": " + scan.spans);
        }
    }

    @Test
    void eachGrammarSaysNothingOnPlainText() {
        for (AddressGrammar g : registry()) {
            Scan scan = new Scan("the answer is 42, as the book says", false);
            g.find(scan);
            assertEquals(List.of(), scan.spans, g.name());
        }
    }

    @Test
    void theRegistryListsEachGrammarOnceUnderAddresses() {
        Set<String> names = new HashSet<>();
        for (AddressGrammar g : registry()) {
            assertTrue(g.name().startsWith("addresses."), g.name());
            assertTrue(names.add(g.name()), "twice: " + g.name());
        }
        assertEquals(EXAMPLES.keySet(), new HashSet<>(registry()));
    }
}
