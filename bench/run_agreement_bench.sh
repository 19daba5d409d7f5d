#!/usr/bin/env bash
# Runs the agreement benchmark (Java) and then the Python baseline on the CSV it writes.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q test-compile
./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -Xmx2g -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.agreement.AgreementBench bench/out
/usr/bin/python3 bench/agreement_baseline.py bench/out/agreement_3x22000.csv
