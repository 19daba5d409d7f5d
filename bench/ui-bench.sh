#!/usr/bin/env bash
# Workbench benchmark (issue 6): builds a generated 100,000-trace project (100 models x 1,000 traces of the
# shared ToolFailBench tasks, two generated judges each) once, then opens it in the real workbench window
# (headless Monocle, -Xmx1g) and measures: first rows visible after opening, the longest FX-thread stall
# while scrolling and filtering (animation-pulse gaps), key -> next item, key -> agreement panel updated,
# heap after GC; scrolling and filtering run in rounds (-Dtracejudge.rounds, default 3; the first on a cold JIT).
# The JVM runs as the installed workbench does (-XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1).  Usage: bash bench/ui-bench.sh [MODELS=100] [DECISIONS=40]   (needs ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/.."
models=${1:-100}
decisions=${2:-40}
out=bench/out
mkdir -p "$out"
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
project="$out/big$((models * 1000)).tjdb"
if [ ! -f "$project" ]; then
  java -Xmx2g -cp "$cp" org.tracejudge.ui.bench.BigProject ../shared/corpora/toolfailbench-v5 "$project" "$models"
fi
echo "== SQL paging (TraceTableBench)"
java -Xmx1g -cp "$cp" org.tracejudge.ui.bench.TraceTableBench "$project" | tail -12
echo "== window (WorkbenchBench, headless Monocle, -Xmx1g)"
java -Xmx1g -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k \
  -Dtestfx.headless=true -cp "$cp" org.tracejudge.ui.bench.WorkbenchBench "$project" "$decisions" 2>&1 | grep -v WARNING
