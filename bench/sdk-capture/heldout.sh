#!/usr/bin/env bash
# Captures the held-out runs (heldout/script.js: two new tools, nested and numeric arguments, a JSON-array result, a
# failing tool, three calls in sequence streamed, a multi-turn run, unicode, a run with no call) under each SDK, into
# /tmp/heldout-captures/<sdk>/ (or the directory given). These files are NOT test resources: they are held out from
# the importer tests; check them with heldout_check.py. Each SDK folder's own run.js and ../common/servers.js run
# unchanged; heldout/redirect.js (node -r) swaps common/script.js and common/agent.js for the held-out ones.
# Needs Node 18+ and the npm registry (npm ci in each folder when node_modules is missing). Loopback only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:-/tmp/heldout-captures}"
sdks="${SDKS:-traceloop traceloop-json openinference otel-openai langfuse-otel langfuse-v3}"
export MODEL_URL=http://127.0.0.1:18080/v1 SINK_URL=http://127.0.0.1:14318
redirect="$here/heldout/redirect.js"
for sdk in $sdks; do
  dir="${sdk%-json}"
  arg=""
  [[ "$sdk" == traceloop-json ]] && arg=json
  [[ "$sdk" == traceloop ]] && arg=proto
  [[ -d "$here/$dir/node_modules" ]] || (cd "$here/$dir" && npm ci --no-audit --no-fund)
  rm -rf "${dest:?}/$sdk" && mkdir -p "$dest/$sdk"
  node -r "$redirect" "$here/common/servers.js" "$dest/$sdk" >/dev/null & servers=$!
  trap 'kill $servers 2>/dev/null' EXIT
  sleep 1
  (cd "$here/$dir" && timeout 120 node -r "$redirect" run.js $arg)
  sleep 1
  kill "$servers"; wait "$servers" 2>/dev/null || true
  ls "$dest/$sdk" | grep -vc meta | xargs echo "$sdk: requests saved:"
done
