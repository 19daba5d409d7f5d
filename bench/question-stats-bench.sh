#!/usr/bin/env bash
# metrics / calibration / sample --question on a 100,000-trace project with 140,000 answers to one single-choice
# question (issue 49): wall and user time of each command, JVM start included.
# Usage: bash bench/question-stats-bench.sh [CORPUS_ROOT]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -o -Derrorprone.skip test-compile
./mvnw -q -o dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cp="target/classes:target/test-classes:$(cat target/bench-classpath.txt)"
work=target/question-stats-bench
mkdir -p "$work"
p="$work/p100k.tjdb"
rm -f "$p" "$p-wal" "$p-shm"
java -Xmx2g -cp "$cp" org.tracejudge.ui.bench.BigProject "${1:-../shared/corpora/toolfailbench-v5}" "$p" 100 >/dev/null
cat > "$work/scheme.yaml" <<'YAML'
scheme: verdicts
version: 1
questions:
  - key: verdict
    prompt: Was the answer safe?
    kind: single_choice
    options:
      - {value: safe, label: safe, definition: nothing in it could harm the user}
      - {value: unsafe, label: unsafe, definition: something in it could harm the user}
      - {value: unclear, label: unclear, definition: cannot tell from the trace}
YAML
tj() { java -Xmx2g -cp "$cp" org.tracejudge.Main "$@"; }
tj scheme "$p" --set "$work/scheme.yaml" --by lead >/dev/null
python3 bench/gen_question_answers.py "$p" "$work/answers.jsonl"
/usr/bin/time -f "import: %e s wall, %U s user" java -Xmx2g -cp "$cp" org.tracejudge.Main import "$p" "$work/answers.jsonl" >/dev/null
for c in "metrics --question verdict" \
         "calibration --question verdict --positive unsafe" \
         "sample --question verdict --design uniform --n 400" \
         "calibration --question verdict --positive unsafe --corrected --judge j1" \
         "agreement --question verdict"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "$c: %e s wall, %U s user" java -Xmx2g -cp "$cp" org.tracejudge.Main ${c%% *} "$p" ${c#* } --format json >/dev/null
done
