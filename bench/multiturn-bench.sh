#!/usr/bin/env bash
# Multi-turn import benchmark (issue 9): generated ToolHaystack-style cases, 16 sessions x 5 turns = 80 turns and
# ~12,000 tokens (~48,000 characters) each (org.tracejudge.testdata.MultiTurnGenerator), imported by
# `tracejudge import` (JVM start included), then `classify` (the call-level rule) and `metrics`.
# Usage: bash bench/multiturn-bench.sh [CASES=1000] [RUNS=3]      (no shared data needed)
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-1000}
runs=${2:-3}
out=bench/out/multiturn
mkdir -p "$out"
./mvnw -q -B -o -DskipTests package
./mvnw -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
java -cp "$cp" org.tracejudge.testdata.MultiTurnGenerator "$out/cases.jsonl" "$cases"
python3 - "$out/cases.jsonl" <<'PY'
import json, sys
n = turns = chars = 0
for line in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(line); n += 1
    for s in d["sessions"]:
        turns += len(s["turns"]); chars += sum(len(t["content"]) for t in s["turns"])
print(f"input: {n} cases, {turns / n:.0f} turns and {chars / n:,.0f} characters (~{chars / n / 4:,.0f} tokens) per case")
PY
echo "file: $(du -h "$out/cases.jsonl" | cut -f1)"
time_it() { /usr/bin/time -f "%e %U %M" "$@" 2>&1 >/dev/null | tail -1; }
for i in $(seq 1 "$runs"); do
  rm -f "$out"/p.tjdb*
  read -r secs cpu kb < <(time_it java -Xmx512m -jar target/tracejudge.jar import "$out/p.tjdb" "$out/cases.jsonl")
  read -r csecs _ _ < <(time_it java -Xmx512m -jar target/tracejudge.jar classify "$out/p.tjdb")
  read -r msecs _ _ < <(time_it java -Xmx512m -jar target/tracejudge.jar metrics "$out/p.tjdb" --source rule)
  echo "run $i: import ${secs}s (user CPU ${cpu}s, max RSS $((kb / 1024)) MB, -Xmx512m) | classify ${csecs}s | metrics ${msecs}s"
done
java -jar target/tracejudge.jar metrics "$out/p.tjdb" --source rule | tail -12
