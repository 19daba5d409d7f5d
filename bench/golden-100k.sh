#!/usr/bin/env bash
# Golden outputs on a generated 100k project (issue 52): builds the workbench benchmark's project (100 models x
# 1,000 traces of the shared ToolFailBench tasks, two generated judges each; see bench/ui-bench.sh) once, then runs
# every command of the golden-output test (org.tracejudge.cli.GoldenOutputs: read-only commands on the project,
# writing ones on one copy) in one JVM and prints one SHA-256 per command of its masked record (command, exit
# status, stdout, stderr, files written), its exit status and wall time. Run it before and after a refactor and
# compare the digests (diff <(cut -c1-95 before) <(cut -c1-95 after)). The judge commands are left out here: a
# generated project has traces that send the same request, and which of two is answered from the cache depends on
# when the other was committed.   Usage: bash bench/golden-100k.sh [MODELS=100]   (needs ../shared/corpora)
set -euo pipefail
cd "$(dirname "$0")/.."
models=${1:-100}
out=bench/out
mkdir -p "$out"
./mvnw -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
project="$out/big$((models * 1000)).tjdb"
if [ ! -f "$project" ]; then
  # one processor: the importer stores files in the order they arrive, so the ledger's order is the same every build
  java -XX:ActiveProcessorCount=1 -Xmx2g -cp "$cp" org.tracejudge.ui.bench.BigProject ../shared/corpora/toolfailbench-v5 "$project" "$models"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tracejudge-golden.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "# $(git rev-parse --short HEAD) $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
java -Xmx2g -Dtracejudge.home="$work/home" -Dgolden.judges=false -cp "$cp" org.tracejudge.cli.GoldenOutputs "$project" "$work/run"
