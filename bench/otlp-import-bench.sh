#!/usr/bin/env bash
# Agent-trace import benchmark (issue 34): a generated OTLP/JSON Lines file of MB megabytes (bench/gen_otlp.py:
# one agent trace per request, two model calls, a tool, HTTP plumbing; some traces split over two lines)
# imported by `java -Xmx512m -jar target/tracejudge.jar import` (JVM start included). Prints MB/s and max RSS.
# Usage: bash bench/otlp-import-bench.sh [MB=200] [RUNS=1]
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-200}
runs=${2:-1}
out=bench/out/otlp
mkdir -p "$out"
[ -f target/tracejudge.jar ] || ./mvnw -q -B -DskipTests package
traces=$(python3 bench/gen_otlp.py "$out/spans.jsonl" "$mb")
size=$(stat -c %s "$out/spans.jsonl")
echo "input: $out/spans.jsonl, $((size / 1048576)) MB, $traces traces"
for i in $(seq 1 "$runs"); do
  rm -f "$out"/p.tjdb*
  read -r secs kb < <(/usr/bin/time -f "%e %M" java -Xmx512m -jar target/tracejudge.jar import "$out/p.tjdb" "$out/spans.jsonl" 2>&1 >"$out/report.txt" | tail -1)
  echo "run $i: ${secs}s, $(python3 -c "print(round($size / 1048576 / $secs, 1))") MB/s, max RSS $((kb / 1024)) MB  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
done
cat "$out/report.txt"
