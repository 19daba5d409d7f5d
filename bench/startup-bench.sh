#!/usr/bin/env bash
# Time from launching the workbench to its main window being mapped, under Xvfb, and a screenshot.
# Usage: bash bench/startup-bench.sh [LAUNCHER] [SHOT.png]
#   LAUNCHER defaults to the app image's (target/installer/image/Tracejudge/bin/Tracejudge);
#   /opt/tracejudge/bin/Tracejudge is the installed .deb's.
# Needs: xvfb, x11-utils (xwininfo), imagemagick (import).
set -euo pipefail
launcher=${1:-target/installer/image/Tracejudge/bin/Tracejudge}
shot=${2:-}
export DISPLAY=:97
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
home=$(mktemp -d)
# first launch builds the sample project into the (empty) data folder; time it and a second launch
for run in first second; do
  start=$(date +%s.%N)
  TRACEJUDGE_HOME="$home" "$launcher" >/dev/null 2>&1 &
  app=$!
  while ! xwininfo -root -tree 2>/dev/null | grep -q '"Tracejudge'; do
    sleep 0.02
    if ! kill -0 $app 2>/dev/null; then echo "the app exited before showing a window" >&2; exit 1; fi
  done
  end=$(date +%s.%N)
  echo "$run launch: window after $(python3 -c "print(round($end - $start, 2))") s"
  # let the first launch finish building the sample project before it is closed
  if [ "$run" = first ]; then sleep 8; fi
  if [ "$run" = second ] && [ -n "$shot" ]; then sleep 6; import -window root "$shot"; echo "screenshot: $shot"; fi
  kill $app; wait $app 2>/dev/null || true
done
