#!/usr/bin/env bash
# Re-captures what each SDK sends, into src/test/resources/sdk-captures/<sdk>/ (see README.md there).
# Needs Node 18+ and the npm registry (npm ci in each folder, versions pinned by package.json / package-lock.json).
# Everything listens on and talks to 127.0.0.1 only: the mock model (:18080) and the sink (:14318).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:-$here/../../src/test/resources/sdk-captures}"
sdks="${SDKS:-traceloop traceloop-json openinference otel-openai langfuse-otel langfuse-v3}"
export MODEL_URL=http://127.0.0.1:18080/v1 SINK_URL=http://127.0.0.1:14318
for sdk in $sdks; do
  dir="${sdk%-json}"
  arg=""
  [[ "$sdk" == traceloop-json ]] && arg=json
  [[ "$sdk" == traceloop ]] && arg=proto
  [[ -d "$here/$dir/node_modules" ]] || (cd "$here/$dir" && npm ci --no-audit --no-fund)
  rm -rf "${dest:?}/$sdk" && mkdir -p "$dest/$sdk"
  node "$here/common/servers.js" "$dest/$sdk" >/dev/null & servers=$!
  trap 'kill $servers 2>/dev/null' EXIT
  sleep 1
  (cd "$here/$dir" && timeout 120 node run.js $arg)
  sleep 1
  kill "$servers"; wait "$servers" 2>/dev/null || true
  ls "$dest/$sdk" | grep -vc meta | xargs echo "$sdk: requests saved:"
done
