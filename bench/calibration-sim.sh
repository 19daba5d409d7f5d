#!/usr/bin/env bash
# Corrected rates, simulated (calibration.md § Checks): 1,000 studies per row with a known true rate, a judge of
# known sensitivity/specificity and a uniform gold sample of 50-400 traces; prints each estimator's 95% interval
# coverage, bias and mean width (the count of studies where it was defined in brackets), and the judge-only bias.
# Usage: bash bench/calibration-sim.sh [STUDIES=1000] [N=2000] [SEED=1]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o test-compile || ./mvnw -q test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
java -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.tracejudge.calibration.CalibrationSimulation "${1:-1000}" "${2:-2000}" "${3:-1}"
