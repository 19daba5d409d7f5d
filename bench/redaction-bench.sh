#!/usr/bin/env bash
# Redaction speed (issue 33: 10,000 messages in at most 2 s). Redacts 10,000 generated support-style messages (a
# third with personal data of several kinds) once to warm up and three times more in one JVM, and prints wall-clock
# and CPU milliseconds per round, the time the first redaction takes (it loads the name and word lists) and the heap
# after it. Usage: bash bench/redaction-bench.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -o -DskipTests test-compile
cp=$(./mvnw -q -B -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
java -cp "target/classes:target/test-classes:$cp" org.tracejudge.redaction.RedactionBench "${1:-10000}"
