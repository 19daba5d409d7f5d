#!/usr/bin/env bash
# Safety review bench (issue 20): the core calls the safety window makes per item (input list, commit = one ledger
# entry per run, states of every input, reveal) and the `safety` figures, on a generated scenario of INPUTS inputs
# x 4 runs. Prints the medians. Usage: bash bench/safety-bench.sh [INPUTS=2000] [ROUNDS=7]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
java -XX:TieredStopAtLevel=1 -cp "$cp" org.tracejudge.safety.SafetyBench "$(mktemp -d)" "${1:-2000}" "${2:-7}"
