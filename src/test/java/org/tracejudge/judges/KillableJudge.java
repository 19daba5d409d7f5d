package org.tracejudge.judges;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.tracejudge.judges.provider.ProviderKind;
import org.tracejudge.judges.provider.RetryPolicy;
import org.tracejudge.store.Project;

/** The child side of {@link JudgeCrashTest}: a judge run announcing each commit on stdout, until killed. */
public final class KillableJudge {
    private KillableJudge() {}

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        try (Project p = Project.open(file)) {
            JudgeConfig cfg = JudgeFixtures.config("crashy", ProviderKind.OPENAI, args[1], "decision-tree", 2);
            RunReport r = new JudgeRunner(
                            p,
                            cfg,
                            JudgeFixtures.rubric(cfg.rubric()),
                            System::getenv,
                            new JudgeRunner.Options(
                                    List.of(),
                                    0,
                                    false,
                                    new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(50))),
                            new JudgeListener() {
                                @Override
                                public void progress(int done, int planned, long elapsed, long eta) {
                                    System.out.println("COMMITTED " + done);
                                    System.out.flush();
                                }
                            })
                    .run();
            System.out.println("FINISHED " + r.summary());
        }
    }
}
