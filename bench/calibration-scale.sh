#!/usr/bin/env bash
# Calibration at scale (issue 35): a generated project of FILES models x ROWS ToolFailBench traces, classified by the
# rule in both modes, the ensemble of the rule with harness and rule-tolerant as its two "judges", a uniform calibration
# sample of GOLD traces decided (org.tracejudge.calibration.DecideSample: the ensemble's label, every tenth flipped);
# then `calibration`, `calibration --corrected` and `metrics --source corrected` are each timed RUNS times end to end
# (JVM start included): elapsed, user and sys CPU seconds, peak RSS; the load average before and after.
# Usage: bash bench/calibration-scale.sh [FILES=100] [ROWS=1000] [GOLD=2000] [RUNS=3]   (needs ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-100}
rows=${2:-1000}
gold=${3:-2000}
runs=${4:-3}
out=bench/out/calibration-scale-$files-$rows
mkdir -p "$out"
[ -f target/tracejudge.jar ] || ./mvnw -q -B -DskipTests package
./mvnw -q -o -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
if [ ! -f "$out/files.done" ]; then
  rm -rf "$out/files" && mkdir -p "$out/files"
  java -cp "$cp" org.tracejudge.testdata.ToolFailBenchGenerator ../shared/corpora/toolfailbench-v5 "$out/files" "$files" "$rows" >/dev/null
  touch "$out/files.done"
fi
J="java -jar ${TJ_JAR:-target/tracejudge.jar}"
p="$out/p.tjdb"
if [ ! -f "$out/project.done" ]; then
  rm -f "$p"*
  $J import "$p" "$out"/files/*.json > /dev/null
  $J classify "$p" > /dev/null
  $J classify "$p" --mode tolerant > /dev/null
  $J ensemble "$p" --judges harness,rule-tolerant --save > /dev/null
  $J sample "$p" --n "$gold" --seed 1 > /dev/null
  java -cp "$cp" org.tracejudge.calibration.DecideSample "$p" calibration
  touch "$out/project.done"
fi
echo "load before: $(cat /proc/loadavg)"
printf '%-40s %s\n' "command ($files x $rows traces, $gold gold)" "elapsed s, user s, sys s, peak RSS KB"
for cmd in "calibration $p" "calibration $p --corrected" "metrics $p --source corrected"; do
  for i in $(seq 1 "$runs"); do
    printf '%-40s %s\n' "${cmd/$p/P}" "$( { /usr/bin/time -f '%e %U %S %M' $J $cmd > /dev/null; } 2>&1 | tail -1)"
  done
done
echo "load after: $(cat /proc/loadavg)"
