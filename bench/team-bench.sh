#!/usr/bin/env bash
# Team hub figures (see TeamBench): first pull of a 100,000-trace project, push and pull of 100,000 new ledger
# entries, an unchanged sync, a decision's way to another laptop with automatic sync, and 10 reviewers syncing
# concurrently while deciding. PostgreSQL 14 runs on localhost from embedded-postgres' binaries (a Maven test
# dependency), so nothing needs installing. Needs ../shared/corpora/toolfailbench-v5 (the generated project's tasks).
# The 100,000-trace project is built once into target/team-bench/ (a few minutes) and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile || ./mvnw -q test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx3g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.team.TeamBench "${1:-../shared/corpora/toolfailbench-v5}" target/team-bench
