package org.tracejudge.redaction;

import java.util.List;

/**
 * The registry: every recognizer of the default pipeline, in the order they run. Order matters: a later recognizer
 * reads what earlier ones found (a phone is not looked for inside an e-mail; names skip a public place's address;
 * the suppressors after the names withdraw what is a holiday, a word of code, an eponym, a machine's id).
 */
final class Recognizers {
    private Recognizers() {}

    /** The cues of {@code names.cues}, in priority order (arrays: they are read for every word): the first that applies to a word decides ({@link NameCue}). */
    static final NameCue[] NAME_CUES = {
        NotAfterTitleCue.INSTANCE,
        MailboxCue.INSTANCE,
        GivenNameCue.INSTANCE,
        TitleCue.INSTANCE,
        IntroductionCue.INSTANCE,
        SignOffCue.INSTANCE,
        ClosingNameCue.INSTANCE,
        RelationCue.INSTANCE,
        AndICue.INSTANCE,
        InitialCue.INSTANCE,
        NeighbourCue.INSTANCE,
        SomeonesPlaceCue.INSTANCE,
        FromGroupCue.INSTANCE,
        MeAndCue.INSTANCE,
        PersonsOwnCue.INSTANCE,
        HyphenatedSurnameCue.INSTANCE,
        PersonVerbCue.INSTANCE,
        LowerPersonVerbCue.INSTANCE,
        TwoUnknownCapsCue.INSTANCE,
        RelationAfterCue.INSTANCE,
        LowerHonorificCue.INSTANCE,
        MonthCue.INSTANCE,
        GreetingOrVerbCue.INSTANCE,
        LowerAfterVerbCue.INSTANCE,
        SelfIntroductionCue.INSTANCE,
        PeopleVerbCue.INSTANCE,
        GivenAndSurnameCue.INSTANCE,
        StrictSurnameCue.INSTANCE,
        StrictUnknownCapCue.INSTANCE,
        StrictGivenNameCue.INSTANCE
    };

    /** Keep rules read first for each word: another recognizer's keep span, a sovereign. */
    static final NameKeep[] NAME_KEEPS_FIRST = {KeptSpanKeep.INSTANCE, SovereignKeep.INSTANCE};

    /** Keep rules read next: a medicine or condition, a noun after an article, an auxiliary, a dose form. */
    static final NameKeep[] NAME_KEEPS_TOKEN = {
        MedicineEponymNounKeep.INSTANCE, ArticleNounKeep.INSTANCE, AuxiliaryKeep.INSTANCE, DoseFormKeep.INSTANCE
    };

    /** Keep rules read with the words before the token: an ordinary word, German nouns, a counted thing. */
    static final NameKeep[] NAME_KEEPS_WORD = {
        CommonWordKeep.INSTANCE,
        GermanNounKeep.INSTANCE,
        GermanDeterminerKeep.INSTANCE,
        CountedThingKeep.INSTANCE,
        ForeignFunctionWordKeep.INSTANCE
    };

    /** Keep rules read when a cue has started a name: a word of the message's language, not a person, a saint. */
    static final NameKeep[] NAME_KEEPS_CANDIDATE = {
        LanguageWordKeep.INSTANCE, NotAPersonKeep.INSTANCE, SaintKeep.INSTANCE
    };

    /** Keep rules read when the name is extended: an organisation or a place after it. */
    static final NameKeep[] NAME_KEEPS_EXTENT = {OrganisationAfterKeep.INSTANCE};

    /** The address grammars that need no digit in the text (a street named, a county, a house, a number in words), in order. */
    static final AddressGrammar[] ADDRESS_GRAMMARS_WORDED = {
        StreetNamedAddress.INSTANCE,
        IrishCountyAddress.INSTANCE,
        NamedBuildingAddress.INSTANCE,
        NumberWordsAddress.INSTANCE
    };

    /** The address grammars run when the text holds a digit or "s/n", in order ({@link Addresses}). */
    static final AddressGrammar[] ADDRESS_GRAMMARS = {
        EnglishStreetAddress.INSTANCE,
        UnitChainAddress.INSTANCE,
        UsRouteAddress.INSTANCE,
        WelshStreetAddress.INSTANCE,
        CompoundStreetAddress.INSTANCE,
        SectorAddress.INSTANCE,
        PostBoxAddress.INSTANCE,
        CyrillicStreetAddress.INSTANCE,
        HanStreetAddress.INSTANCE,
        GermanDutchAddress.INSTANCE,
        FrenchAddress.INSTANCE,
        SpanishAddress.INSTANCE,
        CueClauseAddress.INSTANCE,
        PostcodeAnchorAddress.INSTANCE
    };

    /** The recognizers for {@code options}, in order. */
    static List<Recognizer> of(Redactor.Options options) {
        return List.of(
                Recognizer.of("secrets", Secrets::find),
                Recognizer.of("high-entropy", HighEntropy::find),
                Recognizer.of("contacts", Contacts::find),
                Recognizer.of("identifiers", Identifiers::find),
                Recognizer.of("national-ids", NationalIds::find),
                Recognizer.of("bank-accounts", BankAccounts::find),
                Recognizer.of("phones", Phones::find),
                Recognizer.of("phones.service-lines", Phones::serviceLines),
                Recognizer.of("birth-dates", BirthDates::find),
                Recognizer.of("addresses", Addresses::find),
                ShopNames.INSTANCE,
                Medicines.INSTANCE,
                Recognizer.of("names.cues", Names::find),
                CoordinatedNames.INSTANCE,
                HanNames.INSTANCE,
                new RecurringNames(options.names()),
                Recognizer.suppressor("holidays", "a holiday's name", Holidays::keep),
                Recognizer.suppressor("code-words", "part of a word of code", CodeWords::keep),
                Recognizer.suppressor("code-labels", "a label of code", CodeLabels::keep),
                Recognizer.suppressor("eponyms", "an eponym", Eponyms::keep),
                Recognizer.suppressor("network-addresses", "a network address", NetworkAddresses::keep),
                Recognizer.suppressor("cloud-ids", "a cloud resource id", CloudIds::keep),
                Recognizer.suppressor("log-timestamps", "a log timestamp", LogTimestamps::keep),
                Recognizer.suppressor("command-lines", "a command line", CommandLines::keep),
                Recognizer.suppressor("tech-context", "technical text", TechContext::keep),
                Recognizer.suppressor("named-things", "a thing named after someone", NamedThings::keep),
                Recognizer.of("home-folders", TechContext::homeFolders),
                Recognizer.suppressor("data-uris", "a data URI", DataUris::keep));
    }
}
