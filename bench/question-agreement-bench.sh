#!/usr/bin/env bash
# Agreement for one question of each scheme kind at 100k items x 3 raters (issue 49; goal <= 2 s per question).
# Usage: bash bench/question-agreement-bench.sh [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o -Derrorprone.skip test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx2g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.agreement.QuestionAgreementBench "$@"
