#!/usr/bin/env bash
# Agent-trace import benchmark (issue 34), one format at a time, on generated files shaped like the real ones in
# ../shared/corpora/formats/ (bench/gen_otlp.py, bench/gen_agent_formats.py: the docstrings say what each holds).
#   otlp          one OTLP/JSON Lines file (one request per line; every 10th trace split over two lines)
#   langfuse      one JSON array of Langfuse trace exports
#   inspect       one Inspect .json EvalLog with its samples inline
#   inspect-eval  one Inspect .eval zip (MB = the samples' JSON before compression; the file is smaller)
#   atif          a folder of ATIF trajectory.json files, all given to one import
#   swe-agent     a folder of SWE-agent .traj files, all given to one import
# Each run is `java -Xmx512m -jar target/tracejudge.jar import P FILE...` on a fresh project (JVM start included),
# timed by /usr/bin/time: wall and user+sys CPU seconds, MB/s of wall and per CPU-second (the machine is shared:
# CPU seconds say what the import costs whatever else runs), max RSS and the load average. Then best and median.
# Usage: bash bench/agent-import-bench.sh FORMAT [MB=200] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=${1:?usage: agent-import-bench.sh otlp|langfuse|inspect|inspect-eval|atif|swe-agent [MB] [RUNS]}
mb=${2:-200}
runs=${3:-3}
out=bench/out/$fmt
mkdir -p "$out"
[ -f target/tracejudge.jar ] || ./mvnw -q -B -o -DskipTests package
case $fmt in
  otlp) input=$out/spans.jsonl ;;
  langfuse) input=$out/traces.json ;;
  inspect) input=$out/log.json ;;
  inspect-eval) input=$out/log.eval ;;
  atif | swe-agent) input=$out/files ;;
  *) echo "unknown format $fmt" >&2; exit 2 ;;
esac
stamp=$out/.generated-$mb
if [ ! -f "$stamp" ]; then # generated once per size (deterministic: seeded)
  rm -rf "$input" "$out"/.generated-*
  if [ "$fmt" = otlp ]; then
    n=$(python3 bench/gen_otlp.py "$input" "$mb")
  else
    n=$(python3 bench/gen_agent_formats.py "$fmt" "$input" "$mb")
  fi
  echo "$n" >"$stamp"
fi
if [ -d "$input" ]; then
  files=("$input"/*)
  size=$(du -sb "$input" | cut -f1)
else
  files=("$input")
  size=$(stat -c %s "$input")
fi
expanded=$size
if [ "$fmt" = inspect-eval ]; then # the samples' JSON inflated: what the reader parses (about 10x the zip)
  expanded=$(python3 -c "import zipfile; print(sum(i.file_size for i in zipfile.ZipFile('$input').infolist()))")
  echo "zip entries inflated: $(python3 -c "print(round($expanded / 1048576, 1))") MB; MB/s below are of the zip file"
fi
echo "input: $input, $(python3 -c "print(round($size / 1048576, 1))") MB in ${#files[@]} file(s), $(cat "$stamp") runs" \
  "[commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo +changes), $(date -u +%F)]"
results=()
for i in $(seq 1 "$runs"); do
  rm -f "$out"/p.tjdb*
  read -r secs user sys kb < <(/usr/bin/time -f "%e %U %S %M" java -Xmx512m -jar target/tracejudge.jar import \
    "$out/p.tjdb" "${files[@]}" 2>&1 >"$out/report.txt" | tail -1)
  line=$(python3 -c "
s, u, y, kb = $secs, $user, $sys, $kb
mb = $size / 1048576
print(f'{mb / s:.1f} {mb / (u + y):.1f} {s} {u + y:.2f} {kb // 1024} {$expanded / 1048576 / s:.1f}')")
  results+=("$line")
  read -r mbs mbcpu wall cpu rss embs <<<"$line"
  echo "run $i: ${wall}s wall, ${cpu} CPU s (user $user, sys $sys), $mbs MB/s, $mbcpu MB per CPU-second," \
    "max RSS $rss MB$([ "$expanded" = "$size" ] || echo ", $embs MB/s inflated")  [load $(cut -d' ' -f1-3 /proc/loadavg)]"
done
printf '%s\n' "${results[@]}" | python3 -c "
import sys, statistics
r = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
best = max(r, key=lambda x: x[0])
print('best: %.1f MB/s (%.1f per CPU-second, %.2fs, max RSS %d MB); median: %.1f MB/s, %.1f per CPU-second, max RSS %d MB'
      % (best[0], best[1], best[2], best[4], statistics.median(x[0] for x in r), statistics.median(x[1] for x in r),
         statistics.median(x[4] for x in r)))"
# the per-file lines of a folder are left out: the totals are what matters
grep -v "^imported .*(\(atif\|swe-agent\)): 1 task" "$out/report.txt" | tail -n 3 | cut -c1-700
