package org.tracejudge.ui;

import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.tracejudge.agreement.AgreementReport;
import org.tracejudge.agreement.LiveSnapshot;

/**
 * The main window's status bar: the session's status line, the annotator's progress through the queue, the team
 * sync, the live agreement (hidden in blind mode) and who is annotating. Bound to the view models; no state of its own.
 */
final class StatusBar {
    private StatusBar() {}

    static HBox of(ViewModels vm) {
        Label status = new Label();
        status.setId("statusText");
        status.textProperty().bind(vm.session().statusProperty());
        Label agreement = new Label();
        agreement.setId("agreementStatus");
        agreement.visibleProperty().bind(vm.session().state().blindProperty().not());
        agreement
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> agreementLine(vm.agreement().agreementProperty().get()),
                        vm.agreement().agreementProperty()));
        Label who = new Label();
        who.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            String a = vm.session().annotatorProperty().get();
                            return (a == null ? "annotator: (not set)" : "annotator: " + a)
                                    + (vm.session().state().blindProperty().get() ? " · BLIND" : "");
                        },
                        vm.session().annotatorProperty(),
                        vm.session().state().blindProperty()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label team = new Label();
        team.setId("teamStatus");
        team.textProperty().bind(vm.session().team().teamStatusProperty());
        // a long status line gives way (cut, whole in its tooltip); the counters on the right stay whole
        status.setMinWidth(0);
        Tooltip statusTip = new Tooltip();
        statusTip.textProperty().bind(status.textProperty());
        status.tooltipProperty()
                .bind(Bindings.when(status.textProperty().isEmpty())
                        .then((Tooltip) null)
                        .otherwise(statusTip));
        Label progress = progressLabel(vm);
        for (Label l : new Label[] {progress, team, agreement, who}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox bar = new HBox(14, status, gap, progress, team, agreement, who);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    /** The annotator's progress through the queue: "done 12 / 120 in queue" (done = decided by the annotator). */
    private static Label progressLabel(ViewModels vm) {
        Label progress = new Label();
        progress.setId("reviewProgress");
        progress.getStyleClass().add("review-progress");
        progress.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> progressLine(
                                vm.table().doneProperty().get(),
                                vm.table().countingProperty().get()
                                        ? -1
                                        : vm.table().totalProperty().get(),
                                vm.session().annotatorProperty().get()),
                        vm.table().doneProperty(),
                        vm.table().totalProperty(),
                        vm.table().countingProperty(),
                        vm.session().annotatorProperty()));
        progress.visibleProperty().bind(vm.session().openProperty());
        return progress;
    }

    /** {@code total} negative: not known yet (a search still reading). */
    static String progressLine(int done, int total, String annotator) {
        String of = total < 0 ? "…" : String.format(Locale.ROOT, "%,d", total);
        if (annotator == null) {
            return of + " in queue";
        }
        return String.format(
                Locale.ROOT, "done %s / %s in queue", done < 0 ? "…" : String.format(Locale.ROOT, "%,d", done), of);
    }

    static String agreementLine(LiveSnapshot s) {
        if (s == null) {
            return "";
        }
        AgreementReport r = s.report();
        return String.format(
                Locale.ROOT,
                "α = %s · Fleiss κ = %s",
                r.alpha() == null ? "n/a" : fmt(r.alpha().value()),
                r.fleiss() == null ? "n/a" : fmt(r.fleiss().kappa()));
    }

    private static String fmt(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }
}
