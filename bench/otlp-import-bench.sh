#!/usr/bin/env bash
# The OTLP/JSON Lines import benchmark (issue 34): bench/agent-import-bench.sh otlp, kept under its old name.
# Usage: bash bench/otlp-import-bench.sh [MB=200] [RUNS=3]
exec bash "$(dirname "$0")/agent-import-bench.sh" otlp "${1:-200}" "${2:-3}"
