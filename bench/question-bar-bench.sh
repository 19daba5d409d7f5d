#!/usr/bin/env bash
# A scheme's question bar at scale (issue 49): first rows after opening and key -> next trace with the five-question
# scheme of QuestionBarBench, on fresh copies of a generated 100,000-trace project (built once, as ui-bench.sh does),
# in the real window (headless Monocle, -Xmx1g, the workbench's JVM flags). Each run copies the project, so every
# run is a first open of a file that has never had the scheme.
# Usage: bash bench/question-bar-bench.sh [RUNS=3] [TRACES=40] [PROJECT]   (needs ../shared/corpora unless PROJECT)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
traces=${2:-40}
out=bench/out
mkdir -p "$out"
./mvnw -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
project=${3:-$out/big100000.tjdb}
if [ ! -f "$project" ]; then
  java -Xmx2g -cp "$cp" org.tracejudge.ui.bench.BigProject ../shared/corpora/toolfailbench-v5 "$project" 100
fi
copy="$out/question-bar-copy.tjdb"
for i in $(seq 1 "$runs"); do
  rm -f "$copy" "$copy"-*
  cp "$project" "$copy"
  echo "== run $i, load $(cut -d' ' -f1-3 /proc/loadavg)"
  java -Xmx1g -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -Dglass.platform=Monocle -Dmonocle.platform=Headless \
    -Dprism.order=sw -cp "$cp" org.tracejudge.ui.bench.QuestionBarBench "$copy" "$traces" 2>&1 \
    | grep -E 'first rows|deciding key'
done
rm -f "$copy" "$copy"-*
