#!/usr/bin/env bash
# Judge throughput, cache, fault-mix, rate-limit pause and fatal-stop figures against a local mockwebserver3
# (see JudgeBench). "bash bench/judge-bench.sh rate-limit" runs only the baseline and the rate-limit episodes.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q test-compile
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx1g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.judges.JudgeBench "$@"
