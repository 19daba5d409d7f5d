#!/usr/bin/env bash
# Classify / metrics benchmark (issue 3): 22 generated ToolFailBench results files x 1,000 traces from the shared
# tasks are imported once; then the whole `tracejudge classify` command (JVM start included) is timed for each
# mode, first run (writes 22,000 labels) and re-run (nothing changed: appends nothing), and `metrics --source all`.
# (The generated project has no judge files, so metrics uses harness and rule-tolerant as the two judges.)
# Usage: bash bench/classify-bench.sh [FILES=22] [ROWS=1000]   (needs ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-22}
rows=${2:-1000}
out=bench/out/classify
mkdir -p "$out"
./mvnw -q -B -DskipTests package
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
if [ ! -f "$out/files.done" ] || [ "$(cat "$out/files.done")" != "$files x $rows" ]; then
  rm -rf "$out/files" && mkdir -p "$out/files"
  java -cp "$cp" org.tracejudge.testdata.ToolFailBenchGenerator ../shared/corpora/toolfailbench-v5 "$out/files" "$files" "$rows" >/dev/null
  echo "$files x $rows" > "$out/files.done"
fi
rm -f "$out"/base.tjdb*
java -jar target/tracejudge.jar import "$out/base.tjdb" "$out"/files/*.json >/dev/null
echo "project: $(java -jar target/tracejudge.jar info "$out/base.tjdb" | grep Traces)"
# prints "ELAPSEDs (cpu USER+SYSs)": on a shared 2-core machine the CPU time is the steadier figure
time_it() { /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%ss (cpu %.2fs)", $1, $2 + $3}'; }
for i in 1 2 3; do
  rm -f "$out"/p.tjdb*
  cp "$out/base.tjdb" "$out/p.tjdb"
  c1=$(time_it java -jar target/tracejudge.jar classify "$out/p.tjdb")
  c2=$(time_it java -jar target/tracejudge.jar classify "$out/p.tjdb")
  t1=$(time_it java -jar target/tracejudge.jar classify "$out/p.tjdb" --mode tolerant)
  t2=$(time_it java -jar target/tracejudge.jar classify "$out/p.tjdb" --mode tolerant)
  m=$(time_it java -jar target/tracejudge.jar metrics "$out/p.tjdb" --source all --format json --judges harness,rule-tolerant)
  i1=$(time_it java -jar target/tracejudge.jar info "$out/p.tjdb")
  echo "run $i: classify compat $c1, re-run (unchanged) $c2 | tolerant $t1, re-run $t2 | metrics --source all $m | info $i1  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
done
java -jar target/tracejudge.jar classify "$out/p.tjdb"
