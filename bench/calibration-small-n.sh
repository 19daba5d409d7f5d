#!/usr/bin/env bash
# Small-n intervals of the corrected rates, simulated (issue 35, item 4): 1,000 studies per row with a known true
# rate (5% or 20%), a judge of known sensitivity/specificity and a uniform gold sample of n = 50, 100, 200 of 2,000
# judged traces; prints each candidate 95% interval's coverage and mean width: gold only (normal, Wilson), Rogan-Gladen
# (delta method), PPI++ (normal, Student t, score-type), and how often the score-type PPI++ came out wider than Wilson.
# Usage: bash bench/calibration-small-n.sh [STUDIES=1000] [N=2000] [SEED=1]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile || ./mvnw -q test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cat /proc/loadavg
/usr/bin/time -f "%e s elapsed, %U s user, %S s sys, %M KB" java -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.calibration.SmallNCoverage "${1:-1000}" "${2:-2000}" "${3:-1}"
cat /proc/loadavg
