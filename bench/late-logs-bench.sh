#!/usr/bin/env bash
# Late log records benchmark (issue 53): a project of RUNS runs imported from their spans alone, as
# @opentelemetry/instrumentation-openai sends them (every run kept open: its model calls have no messages), then the
# import of their log records alone, which completes every stored run (reassembled from the kept spans, trace rewritten,
# one transaction). Files from bench/gen_otlp_late_logs.py (its docstring says what they hold).
# The spans are imported once into a base project; each timed run copies it and imports logs.jsonl into the copy:
# `java -Xmx512m … import P logs.jsonl` (JVM start included), timed by /usr/bin/time: wall and user+sys CPU seconds,
# max RSS, the load average. Then best and median. Runs target/tracejudge.jar if it is there, else target/classes with
# the dependencies' class path (./mvnw dependency:build-classpath).
# Usage: bash bench/late-logs-bench.sh [RUNS=10000] [REPEATS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
repeats=${2:-3}
out=bench/out/late-logs
mkdir -p "$out"
if [ -f target/tracejudge.jar ]; then
  tj=(java -Xmx512m -jar target/tracejudge.jar)
else
  [ -d target/classes ] || ./mvnw -q -B -o -DskipTests -Derrorprone.skip compile
  [ -f "$out/classpath.txt" ] || ./mvnw -q -B -o dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt" >/dev/null
  tj=(java -Xmx512m -cp "target/classes:$(cat "$out/classpath.txt")" org.tracejudge.Main)
fi
stamp=$out/.generated-$n
if [ ! -f "$stamp" ]; then # generated once per size (deterministic: seeded)
  rm -f "$out"/*.jsonl "$out"/.generated-* "$out"/base.tjdb*
  python3 bench/gen_otlp_late_logs.py "$out" "$n" >"$stamp"
fi
mb() { python3 -c "print(round($(stat -c %s "$1") / 1048576, 1))"; }
echo "spans: $(mb "$out/spans.jsonl") MB, logs: $(mb "$out/logs.jsonl") MB, $(cat "$stamp") runs" \
  "[commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo +changes), $(date -u +%F)]"
if [ ! -f "$out/base.tjdb" ]; then
  read -r secs user sys kb < <(/usr/bin/time -f "%e %U %S %M" "${tj[@]}" import "$out/base.tjdb" "$out/spans.jsonl" \
    2>&1 >"$out/spans-report.txt" | tail -1)
  echo "spans import (base project): ${secs}s wall, user $user, sys $sys, max RSS $((kb / 1024)) MB" \
    "[load $(cut -d' ' -f1-3 /proc/loadavg)]"
fi
echo "base project: $(mb "$out/base.tjdb") MB (its open runs' spans kept in otlp_run)"
results=()
for i in $(seq 1 "$repeats"); do
  rm -f "$out"/p.tjdb*
  cp "$out/base.tjdb" "$out/p.tjdb"
  [ -f "$out/base.tjdb-wal" ] && cp "$out/base.tjdb-wal" "$out/p.tjdb-wal"
  read -r secs user sys kb < <(/usr/bin/time -f "%e %U %S %M" "${tj[@]}" import "$out/p.tjdb" "$out/logs.jsonl" \
    2>&1 >"$out/report.txt" | tail -1)
  cpu=$(python3 -c "print(round($user + $sys, 2))")
  results+=("$secs $cpu $((kb / 1024))")
  echo "run $i: ${secs}s wall, $cpu CPU s (user $user, sys $sys), max RSS $((kb / 1024)) MB" \
    "[load $(cut -d' ' -f1-3 /proc/loadavg)]"
done
printf '%s\n' "${results[@]}" | python3 -c "
import sys, statistics
r = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
best = min(r, key=lambda x: x[0])
print('best: %.2fs wall (%.2f CPU s, max RSS %d MB); median: %.2fs wall, %.2f CPU s, %.0f runs completed per second'
      % (best[0], best[1], best[2], statistics.median(x[0] for x in r), statistics.median(x[1] for x in r),
         $n / statistics.median(x[0] for x in r)))"
cut -c1-400 "$out/report.txt"
