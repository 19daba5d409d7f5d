#!/usr/bin/env bash
# Label-summary pause benchmark (issue 51): the same import (and a compat classify after it) through the checkout's
# ./tracejudge, with schema 16's summary trigger on through the bulk writes (-Dtracejudge.labelSummary=trigger, as
# before) and paused with the summary caught up at the end (the default), run back to back RUNS times so that both
# ways see the same load. Each line: wall and CPU (user+sys) seconds, peak RSS, load average before the run.
# Usage: bash bench/label-summary-bench.sh DIR_OF_JSON_FILES [RUNS=3]   (build first: ./mvnw -q -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
files=$1
runs=${2:-3}
out=bench/out/label-summary
mkdir -p "$out"
./tracejudge --version >/dev/null  # the class-data archive, outside the timings
t() { /usr/bin/time -f "%e %M %U %S" "$@" 2>&1 >/dev/null | tail -1 | awk -v l="$(cut -d' ' -f1 /proc/loadavg)" \
  '{printf "%6.1f s  %6.1f CPU-s  %5d MB  load %s", $1, $3 + $4, $2 / 1024, l}'; }
for i in $(seq "$runs"); do
  for way in trigger pause; do
    opt=-Xmx1g
    [ "$way" = trigger ] && opt="$opt -Dtracejudge.labelSummary=trigger"
    rm -f "$out"/p.tjdb*
    imp=$(TRACEJUDGE_JAVA_OPTIONS="$opt" t ./tracejudge import "$out/p.tjdb" "$files"/*.json)
    cls=$(TRACEJUDGE_JAVA_OPTIONS="$opt" t ./tracejudge classify "$out/p.tjdb" --mode compat)
    printf 'run %d %-8s import %s | classify compat %s\n' "$i" "$way" "$imp" "$cls"
  done
done
