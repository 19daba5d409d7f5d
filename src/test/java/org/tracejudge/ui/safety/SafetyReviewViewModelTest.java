package org.tracejudge.ui.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tracejudge.classify.SelectionLabeller;
import org.tracejudge.importer.Importer;
import org.tracejudge.safety.Expert;
import org.tracejudge.safety.SafetyPolicy;
import org.tracejudge.safety.SafetyReview;
import org.tracejudge.store.Project;

/**
 * The safety review's state and flows without a window or the FX thread (issue 37): the view model on the bundled
 * Lantern sample, its answers applied on the worker's thread ({@code onFx = Runnable::run}); each step waits until
 * everything it set off has been applied, then checks the view model's properties and the ledger through
 * {@link SafetyReview}.
 */
class SafetyReviewViewModelTest {
    static final Path SAMPLE = Path.of("resources", "samples", "safety");
    static final List<String> TOOLS = List.of(
            "Session Notes", "Booking Help", "Resource Library", "Opening Hours", "End Conversation", "Safety Call");

    @TempDir
    Path dir;

    SafetyReviewModel model;
    SafetyReviewModel.Loaded loaded;
    Project p;
    final List<String> remembered = new ArrayList<>();

    @BeforeEach
    void openTheSample() throws Exception {
        model = new SafetyReviewModel();
        loaded = model.load(() -> {
                    Project project =
                            Project.open(dir.resolve("safety.tjdb"), Project.OpenOptions.createIfMissing(null));
                    new Importer(project, null)
                            .importFiles(
                                    List.of(SAMPLE.resolve("scenario.json"), SAMPLE.resolve("runs.jsonl")), null, null);
                    SelectionLabeller.classify(project);
                    return project;
                })
                .get(60, TimeUnit.SECONDS);
        p = model.project();
    }

    @AfterEach
    void close() {
        model.close();
    }

    private SafetyReviewViewModel review(String expert) {
        SafetyReviewViewModel vm =
                new SafetyReviewViewModel(model, Expert.workbench(expert), remembered::add, Runnable::run);
        vm.start(loaded);
        settle(vm);
        return vm;
    }

    private static void settle(SafetyReviewViewModel vm) {
        try {
            vm.idle().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the view model did not settle", e);
        }
    }

    private static String key(SafetyReviewViewModel vm) {
        return vm.current() == null ? null : vm.current().key();
    }

    private static List<Boolean> answers(SafetyReviewViewModel vm) {
        List<Boolean> out = new ArrayList<>();
        vm.formProperty().get().answers().forEach(a -> out.add(a.value()));
        return out;
    }

    /** Tool number then Y or N for every tool, as the keys do. */
    private static void decide(SafetyReviewViewModel vm, Set<String> yes) {
        for (int i = 0; i < TOOLS.size(); i++) {
            vm.pickTool(i);
            vm.setTool(yes.contains(TOOLS.get(i)));
        }
    }

    private static void commit(SafetyReviewViewModel vm, Set<String> yes, String why) {
        decide(vm, yes);
        vm.rationaleProperty().set(why);
        vm.commit();
        settle(vm);
        assertTrue(
                vm.statusProperty().get().startsWith("Committed "),
                vm.statusProperty().get() + " / " + vm.formErrorProperty().get());
    }

    @Test
    void withoutABlindFirstPassTheMachinesAreShownAtOnceAndSaidSo() throws Exception {
        // a policy without the blind first pass (a scenario with no safety-critical tool, or the lead's choice): the
        // verdicts show before a commit, and the note must not claim they came after one
        SafetyPolicy.OFF.save(p);
        model.close();
        model = new SafetyReviewModel();
        Path file = dir.resolve("safety.tjdb");
        loaded = model.load(() -> Project.open(file)).get(60, TimeUnit.SECONDS);
        p = model.project();
        SafetyReviewViewModel vm = review("ana");
        assertNotNull(vm.revealProperty().get(), "shown at once");
        assertTrue(
                vm.machineProperty().get().startsWith("Shown before you decide"),
                vm.machineProperty().get());
        assertFalse(vm.isReadOnly());
    }

    @Test
    void theFirstPassIsBlindUntilTheExpertCommitsThenTheRevealIsShownAndRecorded() {
        assertEquals(SafetyPolicy.ON, loaded.policy());
        SafetyReviewViewModel vm = review("ana");
        assertEquals(16, vm.inputs().size());
        assertEquals("lantern/1", key(vm), "the first input not done");
        assertEquals(
                "0 of 16 decided by you  ·  0 final  ·  0 need a 2nd review  ·  0 in adjudication",
                vm.progressProperty().get());
        String t = vm.current().firstTrace();
        // nothing of the machines before a commit: every tool unanswered, the labels hidden, no reveal, none recorded
        assertEquals(6, answers(vm).size());
        assertTrue(answers(vm).stream().allMatch(a -> a == null), answers(vm).toString());
        assertTrue(
                vm.machineProperty().get().startsWith("Hidden until you commit"),
                vm.machineProperty().get());
        assertNull(vm.revealProperty().get());
        assertFalse(vm.isReadOnly());
        assertTrue(SafetyReview.reveals(p, t, "ana").isEmpty());

        commit(vm, Set.of("Resource Library"), "asks for the opening hours of nothing; wants reading");
        assertTrue(
                vm.statusProperty().get().startsWith("Committed ana's labels on lantern/1 (4 runs)."),
                vm.statusProperty().get());
        // the decision is one ledger entry per run, read back as ana's; the input is now hers and read-only
        assertEquals(
                Map.of(
                        "Session Notes",
                        false,
                        "Booking Help",
                        false,
                        "Resource Library",
                        true,
                        "Opening Hours",
                        false,
                        "End Conversation",
                        false,
                        "Safety Call",
                        false),
                SafetyReview.committed(p, t, "ana").perTool());
        assertTrue(vm.isReadOnly());
        assertTrue(vm.committedNoteProperty().get().startsWith("You (ana) committed this input"));
        assertEquals(
                "asks for the opening hours of nothing; wants reading",
                vm.rationaleProperty().get());
        assertEquals(List.of(false, false, true, false, false, false), answers(vm));
        // then the reveal: shown (and to be scrolled to), and its showing recorded
        SafetyReviewViewModel.Shown shown = vm.revealProperty().get();
        assertNotNull(shown);
        assertTrue(shown.scroll());
        assertEquals("lantern/1", shown.input().key());
        assertEquals(true, shown.reveal().yours().perTool().get("Resource Library"));
        assertFalse(shown.reveal().runs().isEmpty());
        assertTrue(
                vm.machineProperty().get().startsWith("Shown to ana after committing"),
                vm.machineProperty().get());
        assertEquals(1, SafetyReview.reveals(p, t, "ana").size());
        SafetyReview.InputState st = vm.state("lantern/1");
        assertTrue(st.mine() && st.needsSecondReview() && !st.done(), st.toString());
        assertTrue(
                vm.progressProperty().get().contains("1 of 16 decided by you  ·  0 final  ·  1 need a 2nd review"),
                vm.progressProperty().get());
        // read-only until E
        vm.setTool(true);
        assertEquals(
                "You committed this input. Press E to revise it.",
                vm.formErrorProperty().get());
        assertFalse(vm.startRationale());
        vm.startRevision();
        assertFalse(vm.isReadOnly());
        assertTrue(vm.committedNoteProperty().get().startsWith("Revising"));
    }

    @Test
    void nextGoesToTheNextInputNotDoneAndANewSessionStartsThere() {
        SafetyReviewViewModel vm = review("ana");
        commit(vm, Set.of(), "nothing to do here");
        vm.nextToDo();
        settle(vm);
        assertEquals("lantern/2", key(vm));
        commit(vm, Set.of(), "nothing to do here either");
        vm.selectInput("lantern/4");
        settle(vm);
        commit(vm, Set.of("Safety Call"), "a plan with a time");
        // from the first input, Space passes over the ones she did
        vm.selectInput("lantern/1");
        settle(vm);
        assertTrue(vm.isReadOnly(), "lantern/1 is shown as committed");
        vm.nextToDo();
        settle(vm);
        assertEquals("lantern/3", key(vm));
        vm.nextToDo();
        settle(vm);
        assertEquals("lantern/5", key(vm));
        assertEquals("lantern/3", key(review("ana")), "a new session starts at the first input not done");
        assertEquals("lantern/1", key(review("ben")), "whose own first input is the first");
    }

    @Test
    void aSafetyCriticalToolLeftUnansweredIsRefusedByName() {
        SafetyReviewViewModel vm = review("ana");
        String t = vm.current().firstTrace();
        vm.commit();
        assertTrue(
                vm.formErrorProperty()
                        .get()
                        .startsWith(
                                "Decide End Conversation and Safety Call: safety-critical tools " + "have no default"),
                vm.formErrorProperty().get());
        assertTrue(
                vm.formErrorProperty()
                        .get()
                        .contains("Also unanswered: Session Notes, Booking Help, Resource Library, " + "Opening Hours"),
                vm.formErrorProperty().get());
        assertEquals(4, vm.currentToolProperty().get(), "the first undecided tool is picked");
        // Shift+N answers NO for the others, never for a safety-critical tool
        vm.noForUnanswered();
        assertEquals(List.of(false, false, false, false), answers(vm).subList(0, 4));
        assertNull(answers(vm).get(4));
        assertNull(answers(vm).get(5));
        vm.pickTool(4);
        vm.setTool(false);
        vm.rationaleProperty().set("no risk named");
        vm.commit();
        settle(vm);
        assertEquals(
                "Decide Safety Call: safety-critical tools have no default, set each to YES or NO.",
                vm.formErrorProperty().get());
        assertEquals(5, vm.currentToolProperty().get());
        assertNull(SafetyReview.committed(p, t, "ana"), "nothing written");
        assertFalse(vm.isReadOnly());
        // the rest unanswered, the critical ones decided: the message names the rest
        vm.selectInput("lantern/2");
        settle(vm);
        vm.pickTool(4);
        vm.setTool(false);
        vm.setTool(false);
        vm.commit();
        assertTrue(
                vm.formErrorProperty()
                        .get()
                        .startsWith("Unanswered: Session Notes, Booking Help, Resource Library, " + "Opening Hours."),
                vm.formErrorProperty().get());
        assertEquals(0, vm.currentToolProperty().get());
    }

    @Test
    void skippedInputsComeBackInTheSkippedPassAfterTheRest() {
        SafetyReviewViewModel vm = review("ana");
        vm.skip();
        settle(vm);
        assertEquals("lantern/2", key(vm));
        assertTrue(vm.isSkipped("lantern/1"));
        assertTrue(vm.statusProperty().get().startsWith("Skipped lantern/1 (no decision recorded)"));
        vm.skip();
        settle(vm);
        assertEquals("lantern/3", key(vm));
        settle(vm);
        List<String> order = new ArrayList<>();
        for (int n = 0; n < 16; n++) {
            order.add(key(vm));
            commit(vm, Set.of(), "checked");
            vm.nextToDo();
            settle(vm);
            if (vm.statusProperty().get().startsWith("Every input is done")) {
                break;
            }
        }
        List<String> expected = new ArrayList<>();
        for (int i = 3; i <= 16; i++) {
            expected.add("lantern/" + i);
        }
        expected.addAll(List.of("lantern/1", "lantern/2"));
        assertEquals(expected, order, "natural order, then the skipped pass");
        assertEquals(
                "Every input is done by ana. 16 of 16 decided by you  ·  0 final  ·  16 need a 2nd review  ·  0 in adjudication",
                vm.statusProperty().get());
        assertFalse(vm.inSkippedPass());
        assertTrue(vm.skipped().isEmpty(), "a commit takes the input out of the skipped ones");
    }

    @Test
    void theSkippedPassSaysSoAndNamesHowManyAreLeft() {
        SafetyReviewViewModel vm = review("ana");
        vm.selectInput("lantern/16");
        settle(vm);
        vm.skip();
        settle(vm);
        assertEquals("lantern/1", key(vm), "past the last input, the first one not done");
        for (int n = 0; n < 15; n++) {
            commit(vm, Set.of(), "checked");
            vm.nextToDo();
            settle(vm);
        }
        assertEquals("lantern/16", key(vm));
        assertTrue(vm.inSkippedPass());
        assertEquals("Skipped pass: 1 input you skipped.", vm.statusProperty().get());
        assertTrue(
                vm.headingProperty().get().endsWith("skipped pass"),
                vm.headingProperty().get());
    }

    @Test
    void aSecondExpertSeesAnEmptyFormAndNothingOfTheFirst() {
        SafetyReviewViewModel vm = review("ana");
        vm.selectInput("lantern/4");
        settle(vm);
        String t = vm.current().firstTrace();
        commit(vm, Set.of("Safety Call"), "a plan with a time");
        assertNotNull(vm.revealProperty().get());

        vm.switchExpert("ben");
        settle(vm);
        assertEquals(List.of("ben"), remembered, "the new expert is remembered as the workbench annotator");
        assertEquals(
                "Expert: ben   (workbench annotator)", vm.expertTextProperty().get());
        assertEquals("lantern/4", key(vm));
        assertTrue(answers(vm).stream().allMatch(a -> a == null), answers(vm).toString());
        assertEquals("", vm.rationaleProperty().get());
        assertEquals("", vm.committedNoteProperty().get());
        assertNull(vm.revealProperty().get());
        assertFalse(vm.isReadOnly());
        assertTrue(
                vm.machineProperty().get().startsWith("Hidden until you commit"),
                vm.machineProperty().get());
        assertTrue(
                vm.progressProperty().get().contains("0 of 16 decided by you"),
                vm.progressProperty().get());
        assertTrue(SafetyReview.reveals(p, t, "ben").isEmpty());
        // his NO where ana said YES needs a rationale: the core's message, not who said what
        decide(vm, Set.of());
        vm.commit();
        settle(vm);
        assertTrue(
                vm.formErrorProperty().get().contains("needs a rationale"),
                vm.formErrorProperty().get());
        assertFalse(vm.formErrorProperty().get().contains("ana"));
        assertNull(SafetyReview.committed(p, t, "ben"));
    }

    /**
     * Issue 48, item 2: Ctrl+E cleared the form without a word, and the answers were gone. Each expert's answers not
     * committed stay theirs: another expert never sees them, switching back brings them back, and answers given
     * before anyone said who they are go to the one who then says it.
     */
    @Test
    void answersNotCommittedStayWithTheirExpertAcrossASwitch() {
        SafetyReviewViewModel vm = new SafetyReviewViewModel(model, null, remembered::add, Runnable::run);
        vm.start(loaded);
        settle(vm);
        vm.selectInput("lantern/3");
        settle(vm);
        decide(vm, Set.of("Booking Help"));
        vm.switchExpert("ana");
        settle(vm);
        assertEquals(List.of(false, true, false, false, false, false), answers(vm), "nobody's answers are ana's");
        vm.rationaleProperty().set("a booking question");
        vm.switchExpert("ben");
        settle(vm);
        assertTrue(answers(vm).stream().allMatch(a -> a == null), answers(vm).toString());
        assertEquals("", vm.rationaleProperty().get());
        assertTrue(
                vm.statusProperty().get().contains("ana's answers not yet committed on lantern/3"),
                vm.statusProperty().get());
        assertEquals(List.of("ana: lantern/3"), vm.unsaved());
        vm.switchExpert("ana");
        settle(vm);
        assertEquals(List.of(false, true, false, false, false, false), answers(vm));
        assertEquals("a booking question", vm.rationaleProperty().get());
        // moving to another input and back keeps them too; a commit ends the draft
        vm.selectInput("lantern/4");
        settle(vm);
        assertTrue(vm.hasDraft("lantern/3"));
        vm.selectInput("lantern/3");
        settle(vm);
        assertEquals(List.of(false, true, false, false, false, false), answers(vm));
        vm.commit();
        settle(vm);
        assertTrue(
                vm.statusProperty().get().startsWith("Committed ana's labels on lantern/3"),
                vm.statusProperty().get());
        assertEquals(List.of(), vm.unsaved());
    }

    /** ana says the Safety Call should fire on lantern/4, ben says not. */
    private SafetyReviewViewModel disagreeOnLantern4() {
        SafetyReviewViewModel vm = review("ana");
        vm.selectInput("lantern/4");
        settle(vm);
        commit(vm, Set.of("Safety Call"), "a plan with a time");
        vm.switchExpert("ben");
        settle(vm);
        commit(vm, Set.of(), "venting, no means named");
        return vm;
    }

    @Test
    void whenTwoExpertsDisagreeTheInputQueuesForAnotherExpertToAdjudicate() {
        SafetyReviewViewModel vm = disagreeOnLantern4();
        String t = vm.current().firstTrace();
        assertTrue(vm.state("lantern/4").inAdjudication());
        vm.switchExpert("cleo");
        settle(vm);
        vm.adjudicatingProperty().set(true);
        vm.refreshQueue();
        settle(vm);
        assertEquals(1, vm.queue().size());
        SafetyReviewViewModel.AdjItem item = vm.queue().get(0);
        assertEquals("lantern/4", item.key());
        assertEquals(
                List.of("Safety Call"),
                item.tools().stream().map(SafetyReview.Disagreement::tool).toList());
        assertEquals(item, vm.adjCurrentProperty().get());
        SafetyReviewViewModel.Disputed d = vm.disputedProperty().get();
        assertEquals(List.of("ana", "ben"), d.experts());
        assertEquals("a plan with a time", d.reasons().get("ana"));
        assertEquals("venting, no means named", d.reasons().get("ben"));
        assertEquals(
                List.of("Safety Call"),
                d.answers().stream().map(a -> a.tool().name()).toList());
        assertTrue(
                vm.adjMessageProperty().get().contains("ending it tonight"),
                vm.adjMessageProperty().get());
        assertNull(vm.adjErrorProperty().get());
        assertEquals("", vm.adjRationaleProperty().get(), "the adjudicator starts with an empty rationale");

        vm.adjudicate();
        assertEquals(
                "Decide Safety Call (YES or NO) before recording.",
                vm.adjErrorProperty().get());
        vm.setAdjTool(true);
        vm.adjudicate();
        assertEquals(
                "Write the rationale of your decision first (R).",
                vm.adjErrorProperty().get());
        vm.adjRationaleProperty().set("a stated intention and a time");
        vm.adjudicate();
        settle(vm);
        assertEquals(
                "Adjudicated Safety Call on lantern/4 as cleo",
                vm.statusProperty().get());
        assertTrue(vm.queue().isEmpty());
        assertNull(vm.adjCurrentProperty().get());
        assertEquals(
                "Nothing to adjudicate: no input where experts disagree.",
                vm.adjMessageProperty().get());
        assertEquals(
                new SafetyReview.Final(true, "adjudication"),
                SafetyReview.finalLabels(p).get(t).get("Safety Call"));
        assertEquals(List.of(), SafetyReview.disagreements(p));
        assertFalse(vm.state("lantern/4").inAdjudication());
    }

    @Test
    void theAdjudicatorCannotBeOneOfTheExperts() {
        SafetyReviewViewModel vm = disagreeOnLantern4();
        String t = vm.current().firstTrace();
        vm.adjudicatingProperty().set(true);
        vm.refreshQueue();
        settle(vm);
        assertEquals(
                "You (ben) are one of the experts on this input; someone else must adjudicate it. Switch expert "
                        + "with Ctrl+E.",
                vm.adjErrorProperty().get());
        assertEquals(
                "Adjudicator: ben (must not be one of the two experts)",
                vm.adjWhoProperty().get());
        // and if ben records all the same, the core refuses it and nothing is written
        vm.setAdjTool(false);
        vm.adjRationaleProperty().set("mine stands");
        vm.adjudicate();
        settle(vm);
        assertTrue(
                vm.adjErrorProperty().get().contains("the adjudicator must be someone else"),
                vm.adjErrorProperty().get());
        assertEquals(
                new SafetyReview.Final(null, "pending: experts disagree"),
                SafetyReview.finalLabels(p).get(t).get("Safety Call"));
        assertEquals(1, vm.queue().size());
        // another expert, switched to while the tab is open, is shown the same item without the refusal
        vm.switchExpert("cleo");
        settle(vm);
        assertNull(vm.adjErrorProperty().get());
        assertEquals(List.of("ana", "ben"), vm.disputedProperty().get().experts());
    }
}
