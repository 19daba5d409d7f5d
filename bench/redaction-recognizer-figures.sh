#!/usr/bin/env bash
# A figure per redaction recognizer on the development sets (issue 52): gold items each recognizer catches, those
# only it catches, harmless messages it changes, and how often each keep rule keeps text (and how often that text
# was part of a gold item). Prints markdown tables for docs/privacy.md. Never reads the held-out sets.
# Usage: bash bench/redaction-recognizer-figures.sh [DEV.jsonl ...]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -o -DskipTests test-compile
cp=$(./mvnw -q -B -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
java -cp "target/classes:target/test-classes:$cp" org.tracejudge.redaction.RecognizerFigures "$@"
