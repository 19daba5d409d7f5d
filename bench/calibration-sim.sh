#!/usr/bin/env bash
# Corrected rates, simulated (calibration.md § Checks): 1,000 studies per row with a known true rate, a judge of
# known sensitivity/specificity and a gold sample of 50-400 of the N judged traces drawn without replacement (uniform;
# stratified by the judge's label for the stratified mean); prints each estimator's 95% interval coverage, bias with its
# Monte-Carlo SE and mean width (the count of studies where it was defined in brackets), the judge-only bias, and how
# often PPI++'s interval came out wider than the gold-only one (must be 0). The load and CPU seconds around it.
# Usage: bash bench/calibration-sim.sh [STUDIES=1000] [N=2000] [SEED=1]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile || ./mvnw -q test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cat /proc/loadavg
/usr/bin/time -f "%e s elapsed, %U s user, %S s sys, %M KB" java -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.calibration.CalibrationSimulation "${1:-1000}" "${2:-2000}" "${3:-1}"
cat /proc/loadavg
