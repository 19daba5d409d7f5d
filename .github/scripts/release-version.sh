#!/usr/bin/env bash
# The release's versions from a git tag, or a refusal. Usage: release-version.sh TAG
# Prints key=value lines (append them to $GITHUB_OUTPUT):
#   version     what users see: `tracejudge --version`, file names, the release title (the tag without "v")
#   numeric     MAJOR.MINOR.PATCH for jpackage on Linux and Windows (the .deb's and the .msi's version)
#   mac         the macOS bundle version: jpackage refuses a first number of 0 ("The first number in an
#               app-version cannot be zero"), so on macOS every major is shifted up by one (0.2.0 -> 1.2.0,
#               1.2.3 -> 2.2.3): never zero, and still increasing from 0.x to 1.x
#   deb_release the .deb's release field: 1, or 0.PRERELEASE so that 1.2.3-0.rc1 sorts before 1.2.3-1
#   prerelease  true for vX.Y.Z-PRERELEASE
# Accepted: vMAJOR.MINOR.PATCH[-PRERELEASE], numbers without leading zeros, MAJOR and MINOR at most 255 and PATCH at
# most 65535 (the .msi's limits), PRERELEASE letters, digits and dots (rc1, beta.2). Anything else (v1.2,
# 1.2.3, v1.2.3.4, v01.2.3) is refused with exit status 2: a release is never built under a guessed version.
set -euo pipefail
tag="${1-}"
num='(0|[1-9][0-9]*)'
if [[ ! "$tag" =~ ^v${num}\.${num}\.${num}(-([0-9A-Za-z]+(\.[0-9A-Za-z]+)*))?$ ]]; then
  echo "release-version: cannot use tag '$tag': expected vMAJOR.MINOR.PATCH or vMAJOR.MINOR.PATCH-PRERELEASE (e.g. v1.2.0, v1.2.3-rc1)" >&2
  exit 2
fi
major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]} pre=${BASH_REMATCH[5]-}
if (( major > 255 || minor > 255 || patch > 65535 )); then
  echo "release-version: cannot use tag '$tag': an .msi version allows at most 255.255.65535" >&2
  exit 2
fi
echo "version=${tag#v}"
echo "numeric=$major.$minor.$patch"
echo "mac=$((major + 1)).$minor.$patch"
if [[ -n "$pre" ]]; then
  echo "deb_release=0.$pre"
  echo "prerelease=true"
else
  echo "deb_release=1"
  echo "prerelease=false"
fi
