#!/usr/bin/env bash
# Conversation view benchmark (issue 9): generated 80-turn, 16-session, ~12k-token ToolHaystack-style
# conversations opened in the real window (headless Monocle, software rendering): select -> laid out, then a
# pulse-by-pulse scroll through one conversation with the longest pulse gap (dropped frames = gaps > 33 ms).
# Usage: bash bench/conversation-bench.sh [CASES=30]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-30}
./mvnw -q -B -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
java -Xmx1g -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k \
  -Dtestfx.headless=true -cp "$cp" org.tracejudge.ui.bench.ConversationBench "$cases" 2>&1 | grep -v WARNING
