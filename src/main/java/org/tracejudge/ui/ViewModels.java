package org.tracejudge.ui;

import org.tracejudge.settings.Settings;
import org.tracejudge.ui.agreement.AgreementViewModel;
import org.tracejudge.ui.judges.JudgeRunViewModel;
import org.tracejudge.ui.session.Session;
import org.tracejudge.ui.table.TraceTableViewModel;
import org.tracejudge.ui.trace.DecisionViewModel;
import org.tracejudge.ui.trace.TraceViewModel;
import org.tracejudge.ui.welcome.ImportViewModel;

/**
 * The workbench's view models, made once per window around one {@link Session}: each view gets its own, the main
 * window (which handles the review keys and the menus) all of them. The order of construction is the order in which
 * they hear a project read: the queue first, so its first rows never wait for the agreement.
 */
public record ViewModels(
        Session session,
        TraceTableViewModel table,
        TraceViewModel trace,
        AgreementViewModel agreement,
        DecisionViewModel decisions,
        ImportViewModel imports,
        JudgeRunViewModel judges,
        org.tracejudge.ui.calibration.CalibrationViewModel calibration,
        org.tracejudge.ui.comments.CommentsViewModel comments,
        org.tracejudge.ui.trace.QuestionBarViewModel questions,
        org.tracejudge.ui.agreement.QuestionAgreementViewModel questionAgreement,
        org.tracejudge.ui.calibration.QuestionCalibrationViewModel questionCalibration)
        implements AutoCloseable {

    public static ViewModels create(Settings settings) {
        return create(new Session(settings));
    }

    /** The view models around a session (tests without a window give a session whose FX thread is their own). */
    public static ViewModels create(Session s) {
        TraceTableViewModel table = new TraceTableViewModel(s);
        TraceViewModel trace = new TraceViewModel(s, table);
        AgreementViewModel agreement = new AgreementViewModel(s, table);
        DecisionViewModel decisions = new DecisionViewModel(s, table, trace, agreement);
        return new ViewModels(
                s,
                table,
                trace,
                agreement,
                decisions,
                new ImportViewModel(s),
                new JudgeRunViewModel(s),
                new org.tracejudge.ui.calibration.CalibrationViewModel(s, table),
                new org.tracejudge.ui.comments.CommentsViewModel(s),
                new org.tracejudge.ui.trace.QuestionBarViewModel(s, table, trace),
                new org.tracejudge.ui.agreement.QuestionAgreementViewModel(s),
                new org.tracejudge.ui.calibration.QuestionCalibrationViewModel(s));
    }

    public static ViewModels create() {
        return create(Settings.load());
    }

    @Override
    public void close() {
        agreement.close();
        session.close();
    }
}
