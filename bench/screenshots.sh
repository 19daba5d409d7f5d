#!/usr/bin/env bash
# Takes the README screenshots under Xvfb (needs xvfb, imagemagick):
#   apt-get install -y xvfb libgtk-3-0 imagemagick x11-utils
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt -Dmdep.includeScope=test
cp="target/test-classes:target/classes:$(cat target/test-cp.txt)"
xvfb-run -a -s "-screen 0 1280x800x24" java -cp "$cp" org.tracejudge.ui.bench.ScreenshotTour docs/screenshots
# the team screenshots: a hub on the embedded PostgreSQL the tests use (Dr Alice's laptop)
xvfb-run -a -s "-screen 0 1280x800x24" java -cp "$cp" org.tracejudge.ui.bench.TeamScreenshotTour docs/screenshots
