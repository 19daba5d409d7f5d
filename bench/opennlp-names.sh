#!/usr/bin/env bash
# Issue 52: OpenNLP part-of-speech tags as a signal for names, measured beside the default redaction (aggregates only,
# so it may run on a held-out set). Fetches opennlp-tools and the English and German POS models from Maven Central
# into ~/.m2 (they are not dependencies of Tracejudge), compiles bench/opennlp/OpenNlpNames.java against the build.
# Usage: bash bench/opennlp-names.sh FILE.jsonl...   (after ./mvnw -DskipTests package; writes target/test-cp.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
v=2.5.4; m=1.3.0; repo=${MAVEN_REPO:-$HOME/.m2/repository}/org/apache/opennlp
for a in org.apache.opennlp:opennlp-tools:$v org.apache.opennlp:opennlp-models-pos-en:$m \
         org.apache.opennlp:opennlp-models-pos-de:$m; do
  f=$repo/$(echo "$a" | cut -d: -f2)/$(echo "$a" | cut -d: -f3)
  ls "$f"/*.jar >/dev/null 2>&1 || ./mvnw -B -q dependency:get -Dartifact="$a" >/dev/null
done
[ -f target/test-cp.txt ] || ./mvnw -B -q -o dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt >/dev/null
cp="target/classes:$(cat target/test-cp.txt):$repo/opennlp-tools/$v/opennlp-tools-$v.jar"
cp="$cp:$repo/opennlp-models-pos-en/$m/opennlp-models-pos-en-$m.jar:$repo/opennlp-models-pos-de/$m/opennlp-models-pos-de-$m.jar"
out=target/opennlp-bench; mkdir -p "$out"
javac -nowarn -d "$out" -cp "$cp" bench/opennlp/OpenNlpNames.java
java -cp "$out:$cp" OpenNlpNames "$@"
