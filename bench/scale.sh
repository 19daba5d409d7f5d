#!/usr/bin/env bash
# Scale benchmark (issue 32): generated ToolFailBench results files (FILES models x ROWS traces each, from the shared
# tasks) are imported into a new project; then each command is timed end to end (JVM start included) with its peak
# resident memory: import, classify (compat: one label per trace), info, labels --format csv > file, metrics,
# agreement (3 raters, 1,000 resamples). With REPLACES_IDX=off the same info/labels are also timed on a copy without
# schema 6's replaces indexes, to show what the index buys.
# Usage: [RUN=launcher|jar] bash bench/scale.sh [FILES=22] [ROWS=1000] [HEAP=1g]   (needs ../shared/corpora; 1M: 1000 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-22}
rows=${2:-1000}
heap=${3:-1g}
# each results file cycles through the corpus's 1,000 tasks: more rows would repeat a task with other content, which
# import rightly refuses; scale with FILES (1000 x 1000 = 1M traces, 6.8 GB of JSON)
[ "$rows" -le 1000 ] || { echo "scale.sh: ROWS at most 1000 (one row per task); raise FILES instead" >&2; exit 2; }
out=bench/out/scale-$files-$rows
mkdir -p "$out"
[ -f target/tracejudge.jar ] || ./mvnw -q -B -DskipTests package
[ -f target/test-cp.txt ] || ./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
if [ ! -f "$out/files.done" ]; then
  rm -rf "$out/files" && mkdir -p "$out/files"
  java -cp "$cp" org.tracejudge.testdata.ToolFailBenchGenerator ../shared/corpora/toolfailbench-v5 "$out/files" "$files" "$rows" >/dev/null
  touch "$out/files.done"
fi
# RUN=launcher (the default): through ./tracejudge, the README's command, with the installed launcher's JVM flags and
# class-data archive (TJ_JAR is then ignored); RUN=jar: plain `java -jar`, as the figures before stop 60 were taken
if [ "${RUN:-launcher}" = jar ]; then
  jar=${TJ_JAR:-target/tracejudge.jar}
  J="java -Xmx$heap -jar $jar"
else
  ./tracejudge --version >/dev/null 2>&1 # writes this build's class-data archive once, outside the timings
  J="env TRACEJUDGE_JAVA_OPTIONS=-Xmx$heap ./tracejudge"
fi
# prints "ELAPSED s, RSS MB, CPU s (user + sys), load" (the machine may be shared: CPU seconds say what a step costs)
time_it() { /usr/bin/time -f "%e %M %U %S" "$@" 2>&1 >/dev/null | tail -1 | awk -v l="$(cut -d' ' -f1 /proc/loadavg)" \
  '{printf "%6.1f s  %5d MB  %6.1f s CPU  load %s", $1, $2 / 1024, $3 + $4, l}'; }
rm -f "$out"/p.tjdb*
printf '%-34s %s\n' "step ($files x $rows traces, -Xmx$heap, ${RUN:-launcher})" "time     peak RSS  CPU        load before"
printf '%-34s %s\n' "import" "$(time_it $J import "$out/p.tjdb" "$out"/files/*.json)"
printf '%-34s %s\n' "classify (compat)" "$(time_it $J classify "$out/p.tjdb")"
printf '%-34s %s\n' "classify --mode tolerant" "$(time_it $J classify "$out/p.tjdb" --mode tolerant)"
echo "labels in the ledger: $(sqlite3 "$out/p.tjdb" 'SELECT count(*) FROM label' 2>/dev/null || echo '?')"
printf '%-34s %s\n' "info" "$(time_it $J info "$out/p.tjdb")"
printf '%-34s %s\n' "labels --format csv > file" "$(time_it sh -c "$J labels '$out/p.tjdb' --format csv > '$out/labels.csv'")"
printf '%-34s %s\n' "metrics" "$(time_it $J metrics "$out/p.tjdb" --judges harness,rule-tolerant)"
printf '%-34s %s\n' "agreement (3 raters)" "$(time_it $J agreement "$out/p.tjdb" --raters harness,rule,rule-tolerant)"
if [ "${REPLACES_IDX:-on}" = off ] && command -v sqlite3 >/dev/null; then
  cp "$out/p.tjdb" "$out/noidx.tjdb"
  sqlite3 "$out/noidx.tjdb" 'DROP INDEX label_replaces_idx; DROP INDEX adjudication_replaces_idx;'
  printf '%-34s %s\n' "info, without schema 6's indexes" "$(time_it timeout 300 $J info "$out/noidx.tjdb")"
fi
