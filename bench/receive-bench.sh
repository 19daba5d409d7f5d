#!/usr/bin/env bash
# Receiver benchmark (issue 53): RUNS agent runs posted as OTLP/JSON by CLIENTS concurrent senders to `receive`'s
# endpoint on loopback, each run in two requests (children, then the root), written into a fresh project. Prints
# spans/s and MB/s while sending and until every run is written, request latency p50/p99/max and the heap after a GC
# at half-way and at the end (flat with run count). Usage: bash bench/receive-bench.sh [RUNS=2000] [CLIENTS=2]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2000}
clients=${2:-2}
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
/usr/bin/time -f "wall %e s, user %U s, sys %S s, max RSS %M KB" \
  java -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp" org.tracejudge.receive.ReceiveBench "$runs" "$clients"
