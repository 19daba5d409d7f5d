#!/bin/sh
# Held-out check of the agent-trace importers (issue 34): imports every real file under DIR/<format>/ into a
# fresh project and prints a table (imported/refused, counts, and agreement with agentevals truth oracles).
# Usage: bench/formats-check.sh DIR [JAR] [--json OUT]   (JAR defaults to target/tracejudge.jar)
set -e
DIR=${1:?usage: bench/formats-check.sh DIR [JAR] [--json OUT]}
shift
JAR=target/tracejudge.jar
case "$1" in *.jar) JAR=$1; shift;; esac
cat /proc/loadavg
exec python3 "$(dirname "$0")/formats_check.py" "$JAR" "$DIR" "$@"
