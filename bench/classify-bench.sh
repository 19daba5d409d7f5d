#!/usr/bin/env bash
# Classify / metrics benchmark (issue 3): 22 generated ToolFailBench results files x 1,000 traces from the shared
# tasks are imported once; then the whole `tracejudge classify` command (JVM start included) is timed for each
# mode, first run (writes 22,000 labels) and re-run (nothing changed: appends nothing), and `metrics --source all`.
# (The generated project has no judge files, so metrics uses harness and rule-tolerant as the two judges.)
# Timed through the shipped command line (the app image's Linux script lib/app/tracejudge, which the .deb links
# as /usr/bin/tracejudge: C1 only, serial GC, class-data sharing) and, for the first classify, also through plain
# `java -jar target/tracejudge.jar` with the JVM's defaults. The project is a copy of a freshly imported one (so the
# file gets the full integrity check, which runs alongside the work) and, separately, the file as `import` left it.
# Usage: bash bench/classify-bench.sh [FILES=22] [ROWS=1000]   (needs ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-22}
rows=${2:-1000}
out=bench/out/classify
mkdir -p "$out"
./mvnw -q -B -Pinstaller -Dinstaller.skipNative=true -DskipTests package
cli=target/installer/image/Tracejudge/lib/app/tracejudge
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
  rm -f "$out"/p.tjdb* "$out"/j.tjdb* "$out"/f.tjdb*
  cp "$out/base.tjdb" "$out/p.tjdb"
  cp "$out/base.tjdb" "$out/j.tjdb"
  "$cli" import "$out/f.tjdb" "$out"/files/*.json >/dev/null
  c1=$(time_it "$cli" classify "$out/p.tjdb")
  c2=$(time_it "$cli" classify "$out/p.tjdb")
  t1=$(time_it "$cli" classify "$out/p.tjdb" --mode tolerant)
  t2=$(time_it "$cli" classify "$out/p.tjdb" --mode tolerant)
  m=$(time_it "$cli" metrics "$out/p.tjdb" --source all --format json --judges harness,rule-tolerant)
  i1=$(time_it "$cli" info "$out/p.tjdb")
  f1=$(time_it "$cli" classify "$out/f.tjdb")
  j1=$(time_it java -jar target/tracejudge.jar classify "$out/j.tjdb")
  echo "run $i: classify compat $c1, re-run (unchanged) $c2 | tolerant $t1, re-run $t2 | metrics --source all $m | info $i1 | classify right after import $f1 | java -jar classify $j1  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
done
"$cli" classify "$out/p.tjdb"
