#!/usr/bin/env bash
# Redaction speed (issue 22): redacts the 1,000 ToolFailBench v5 task texts (user message + pretty-printed tool
# return, ~440 KB in all) five times in one JVM with the shipped jar and prints milliseconds per text and the spans
# found (the first round includes warm-up and loading libphonenumber's metadata).
# Usage: bash bench/redaction-bench.sh   (needs ../shared/corpora/toolfailbench-v5)
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -DskipTests package
script=$(mktemp --suffix=.jsh)
trap 'rm -f "$script"' EXIT
cat > "$script" <<'JSH'
import com.fasterxml.jackson.databind.*;
var m = new ObjectMapper();
var texts = new java.util.ArrayList<String>();
for (var d : new String[]{"cybersecurity", "finance", "legal", "medical", "real_estate"}) {
  for (var t : m.readTree(new java.io.File("../shared/corpora/toolfailbench-v5/" + d + "/tasks.json")).get("tasks"))
    texts.add(t.get("user_message").asText() + "\n" + m.writerWithDefaultPrettyPrinter().writeValueAsString(t.get("mock_tool_return")));
}
var r = new org.tracejudge.redaction.Redactor();
long chars = texts.stream().mapToLong(String::length).sum();
for (int round = 0; round < 5; round++) {
  long t0 = System.nanoTime(); int spans = 0;
  for (var s : texts) spans += r.redact(s).spans().size();
  double ms = (System.nanoTime() - t0) / 1e6;
  System.out.printf("round %d: %d texts (%d KB) in %.0f ms = %.2f ms per text, %d spans%n", round, texts.size(), chars / 1024, ms, ms / texts.size(), spans);
}
/exit
JSH
jshell --class-path target/tracejudge.jar -q "$script"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
