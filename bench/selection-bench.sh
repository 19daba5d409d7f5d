#!/usr/bin/env bash
# Selection study benchmark (issue 25): a generated NLT-style study (10 models x 640 trials = 6,400 trials over the
# shared sage and alex inputs: 2 approaches x 2 scenarios x 16 inputs x 2 conditions x 5 replications) is imported
# once; then `tracejudge selection` (JVM start included) is timed for the table, JSON and the SVG plot.
# Usage: bash bench/selection-bench.sh [MODELS=10] [ROUNDS=3]   (needs ../shared/corpora/nlt)
set -euo pipefail
cd "$(dirname "$0")/.."
models=${1:-10}
rounds=${2:-3}
out=bench/out/selection
mkdir -p "$out"
./mvnw -q -B -o -DskipTests package
./mvnw -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
java -cp "$cp" org.tracejudge.testdata.NltStudyGenerator ../shared/corpora/nlt "$out/study.jsonl" "$models" 1
rm -f "$out"/study.tjdb*
/usr/bin/time -f "import: %es (cpu %Us user)" java -jar target/tracejudge.jar import "$out/study.tjdb" \
  ../shared/corpora/nlt/sage.json ../shared/corpora/nlt/alex.json "$out/study.jsonl" --safety-critical "Safety Call,End Conversation" >/dev/null
for i in $(seq "$rounds"); do
  /usr/bin/time -f "selection (table): %es (cpu %Us user)" java -jar target/tracejudge.jar selection "$out/study.tjdb" >/dev/null
  /usr/bin/time -o "$out/time.txt" -f "selection --format json --plot: %es (cpu %Us user)" java -jar target/tracejudge.jar \
    selection "$out/study.tjdb" --format json --plot "$out/plot.svg" >/dev/null 2>&1
  cat "$out/time.txt"
done
java -jar target/tracejudge.jar selection "$out/study.tjdb" | grep '^Mean across'
