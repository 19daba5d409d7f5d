#!/usr/bin/env bash
# Import benchmark (issue 2): 22 generated ToolFailBench results files x 1,000 traces (~150 MB) built
# from the shared tasks, imported by `tracejudge import` (JVM start included) and, in the same run, by a
# plain Python json.load + sqlite3 baseline. Also times `info` on the resulting project.
# Two ways of running the command are timed: the shipped command line (the app image's Linux script
# lib/app/tracejudge, which the .deb links as /usr/bin/tracejudge: C1 only, serial GC, class-data sharing)
# and plain `java -jar target/tracejudge.jar` with the JVM's defaults. Both with -Xmx512m. Then the checkout's
# ./tracejudge script (the README's command: the launcher's settings and an archive of its own), import and a
# compat classify of the same files, each beside the Python time (issue 51: import <= 0.4 of it, classify <= 2 s).
# Each ./tracejudge line gives wall and CPU (user+sys) seconds, both as a ratio to the Python baseline's run just
# before it, and the load average: on a shared machine the CPU ratio is the steadier figure.
# Usage: bash bench/import-bench.sh [FILES=22] [ROWS=1000]   (needs ../shared/corpora)
#        CHECKOUT_ONLY=1 bash bench/import-bench.sh   times only ./tracejudge and Python (no app image is built)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-22}
rows=${2:-1000}
out=bench/out/import
mkdir -p "$out"
only=${CHECKOUT_ONLY:-}
if [ -n "$only" ]; then
  ./mvnw -q -B -DskipTests package
else
  ./mvnw -q -B -Pinstaller -Dinstaller.skipNative=true -DskipTests package
fi
cli=target/installer/image/Tracejudge/lib/app/tracejudge
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
rm -rf "$out/files" && mkdir -p "$out/files"
java -cp "$cp" org.tracejudge.testdata.ToolFailBenchGenerator ../shared/corpora/toolfailbench-v5 "$out/files" "$files" "$rows" >/dev/null
echo "input: $(ls "$out/files" | wc -l) files, $(du -sh "$out/files" | cut -f1)"
time_it() { /usr/bin/time -f "%e %M %U %S" "$@" 2>&1 >/dev/null | tail -1; }
./tracejudge --version >/dev/null  # makes the checkout script's class-data archive once, outside the timings
for i in 1 2 3; do
  if [ -z "$only" ]; then
    rm -f "$out"/p.tjdb*
    read -r secs kb _ < <(TRACEJUDGE_JAVA_OPTIONS=-Xmx512m time_it "$cli" import "$out/p.tjdb" "$out"/files/*.json)
    read -r isecs _ < <(time_it "$cli" info "$out/p.tjdb")
    rm -f "$out"/j.tjdb*
    read -r jsecs jkb _ < <(time_it java -Xmx512m -jar target/tracejudge.jar import "$out/j.tjdb" "$out"/files/*.json)
    read -r jisecs _ < <(time_it java -jar target/tracejudge.jar info "$out/j.tjdb")
  fi
  read -r psecs pkb pu ps < <(time_it python3 bench/import_baseline.py "$out/baseline.sqlite" "$out"/files/*.json)
  rm -f "$out"/s.tjdb*
  read -r ssecs skb su ss < <(TRACEJUDGE_JAVA_OPTIONS=-Xmx512m time_it ./tracejudge import "$out/s.tjdb" "$out"/files/*.json)
  read -r csecs _ cu cs < <(time_it ./tracejudge classify "$out/s.tjdb" --mode compat)
  echo "run $i: ./tracejudge import ${ssecs}s ($(python3 -c "print(round($su+$ss, 2))") CPU-s, max RSS $((skb / 1024)) MB; of python's ${psecs}s/$(python3 -c "print(round($pu+$ps, 2))") CPU-s: $(python3 -c "print(round($ssecs/$psecs, 2))") wall, $(python3 -c "print(round(($su+$ss)/($pu+$ps), 2))") CPU) | classify compat ${csecs}s ($(python3 -c "print(round($cu+$cs, 2))") CPU-s)  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
  if [ -z "$only" ]; then
    echo "run $i: tracejudge import ${secs}s (max RSS $((kb / 1024)) MB) | info ${isecs}s | java -jar: import ${jsecs}s (max RSS $((jkb / 1024)) MB), info ${jisecs}s | python baseline ${psecs}s (max RSS $((pkb / 1024)) MB) | ratio $(python3 -c "print(round($psecs/$secs, 2))")x  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
  fi
done
[ -n "$only" ] || "$cli" info "$out/p.tjdb" | head -3
