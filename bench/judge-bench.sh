#!/usr/bin/env bash
# Judge throughput, cache and fault-mix figures against a local mockwebserver3 (see JudgeBench).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q test-compile
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx1g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.judges.JudgeBench
