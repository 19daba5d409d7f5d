#!/usr/bin/env bash
# Turns the .deb jpackage made into one that installs like a Debian package (lintian: no errors; the
# warnings left are explained in installers/README.md). Run by the build after jpackage (Linux, installer
# profile); does nothing when there is no .deb (an app-image-only build).
#   finish-deb.sh INSTALLER_DIR BASEDIR SHELL_DIR OUTPUT_TIMESTAMP
# - the app moves from /opt/tracejudge (Debian packages may not install into /opt, and the package would
#   own /opt itself) to /usr/lib/tracejudge; /usr/bin/tracejudge is a link to the command-line script
# - binaries stripped, shared libraries not executable
# - the menu entry, the .tjdb MIME type and the icons (hicolor sizes, an icon for .tjdb files) in
#   /usr/share, named by theme; bash, zsh and fish completion; man pages
# - /usr/share/doc/tracejudge: copyright (every shipped licence), changelog.Debian.gz, THIRD-PARTY.md
# - control: an extended description, no hard xdg-utils dependency; our maintainer scripts; md5sums
# - every file dated OUTPUT_TIMESTAMP, owned by root (reproducible)
set -euo pipefail
dir=$1 base=$2 shell=$3 stamp=$4
shopt -s nullglob
debs=("$dir"/tracejudge_*.deb)
if [ ${#debs[@]} -eq 0 ]; then
  echo "finish-deb: no .deb in $dir, nothing to do"
  exit 0
fi
deb=${debs[0]}
epoch=$(date -d "$stamp" +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
dpkg-deb -R "$deb" "$root"
version=$(sed -n 's/^Version: //p' "$root/DEBIAN/control")

mkdir -p "$root/usr/lib"
mv "$root/opt/tracejudge" "$root/usr/lib/tracejudge"
rmdir "$root/opt"
app=$root/usr/lib/tracejudge
# jpackage's desktop integration by absolute path (replaced by the files in /usr/share below)
rm -f "$app"/lib/*.desktop "$app"/lib/*-MimeInfo.xml "$app"/lib/*.png
rm -rf "$app/share"

# strip ELF files; shared libraries 644
while IFS= read -r -d '' f; do
  if [ "$(od -An -tx1 -N4 "$f" | tr -d ' \n')" = "7f454c46" ]; then
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$f"
  fi
done < <(find "$app" -type f -print0)
find "$app" -type f -name '*.so' -exec chmod 0644 {} +

install -d "$root/usr/bin"
ln -s ../lib/tracejudge/lib/app/tracejudge "$root/usr/bin/tracejudge"

share=$root/usr/share
install -D -m 0644 "$base/installers/linux/tracejudge.desktop" "$share/applications/tracejudge.desktop"
install -D -m 0644 "$base/installers/linux/tracejudge-mime.xml" "$share/mime/packages/tracejudge.xml"
for png in "$base"/installers/icons/tracejudge-*.png; do
  size=$(basename "$png" .png); size=${size#tracejudge-}
  [ "$size" -le 512 ] || continue # hicolor's fixed sizes go up to 512
  install -D -m 0644 "$png" "$share/icons/hicolor/${size}x${size}/apps/tracejudge.png"
  install -D -m 0644 "$png" "$share/icons/hicolor/${size}x${size}/mimetypes/application-x-tracejudge-project.png"
done
install -d "$share/bash-completion/completions"
sed '1{/^#!/d}' "$shell/completion/tracejudge.bash" > "$share/bash-completion/completions/tracejudge" # sourced, not run
chmod 0644 "$share/bash-completion/completions/tracejudge"
install -D -m 0644 "$shell/completion/_tracejudge" "$share/zsh/vendor-completions/_tracejudge"
install -D -m 0644 "$shell/completion/tracejudge.fish" "$share/fish/vendor_completions.d/tracejudge.fish"
install -d "$share/man/man1"
for page in "$shell"/man/man1/*.1; do
  gzip -9n < "$page" > "$share/man/man1/$(basename "$page").gz"
done

doc=$share/doc/tracejudge
install -d "$doc"
install -m 0644 "$base/THIRD-PARTY.md" "$doc/THIRD-PARTY.md"
{
  cat <<TEXT
Tracejudge, packaged from its own build (jpackage with a jlinked Java runtime).

Tracejudge
Copyright (c) 2026 Tracejudge contributors
License: MIT (below)

The Java runtime in /usr/lib/tracejudge/lib/runtime (OpenJDK) and OpenJFX, inside
/usr/lib/tracejudge/lib/app/tracejudge.jar:
Copyright (c) Oracle and/or its affiliates and others
License: GPL-2 with the Classpath exception. On Debian systems the GPL version 2 is in
/usr/share/common-licenses/GPL-2; the Classpath exception is below.

Inside tracejudge.jar (versions in /usr/share/doc/tracejudge/THIRD-PARTY.md):
Jackson, sqlite-jdbc, Flyway, picocli, OkHttp, Okio, the Kotlin standard library and the
JetBrains annotations, each Copyright its authors: License: Apache-2.0; on Debian systems the
Apache License 2.0 is in /usr/share/common-licenses/Apache-2.0. SQLite (in sqlite-jdbc) is in the
public domain; parts of sqlite-jdbc, ControlsFX and SLF4J are under the licences below.

======================================================================
TEXT
  for f in Tracejudge-MIT.txt ControlsFX-BSD-3-Clause.txt ControlsFX-dialog-icons-CC-BY-SA-3.0.txt \
           SLF4J-MIT.txt sqlite-jdbc-zentus-BSD-2-Clause.txt; do
    echo
    echo "--- $f"
    cat "$base/licenses/$f"
    echo
  done
  echo
  echo "--- The Classpath exception (OpenJDK, OpenJFX)"
  sed -n '/"CLASSPATH" EXCEPTION TO THE GPL/,$p' "$base/licenses/GPL-2.0-with-Classpath-exception.txt"
} > "$doc/copyright"
chmod 0644 "$doc/copyright"
{
  printf 'tracejudge (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * Tracejudge %s, packaged with jpackage. See\n' "${version%-*}"
  printf '    https://github.com/tracejudge/tracejudge/releases for what changed.\n\n'
  printf ' -- Tracejudge maintainers <maintainers@tracejudge.invalid>  %s\n' "$(date -u -R -d "@$epoch")"
} | gzip -9n > "$doc/changelog.Debian.gz"

# maintainer scripts: ours (jpackage's preinst does nothing)
rm -f "$root/DEBIAN/preinst"
for s in postinst prerm postrm; do
  install -m 0755 "$base/installers/linux/$s" "$root/DEBIAN/$s"
done

# control: dependencies without xdg-utils (the maintainer scripts use it only if present)
deps=$(sed -n 's/^Depends: //p' "$root/DEBIAN/control" | tr ',' '\n' | sed 's/^ *//; s/ *$//' \
  | grep -v '^xdg-utils$' | grep -v '^$' | sort -u | paste -sd, - | sed 's/,/, /g')
arch=$(sed -n 's/^Architecture: //p' "$root/DEBIAN/control")
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: tracejudge
Version: $version
Architecture: $arch
Maintainer: Tracejudge maintainers <maintainers@tracejudge.invalid>
Installed-Size: $size
Depends: $deps
Recommends: desktop-file-utils, shared-mime-info, hicolor-icon-theme
Section: science
Priority: optional
Homepage: https://github.com/tracejudge/tracejudge
Description: workbench for judging what LLM agents did with their tools
 Tracejudge loads traces of LLM agents (ToolFailBench results, OpenAI and
 Anthropic transcripts, NLT selector runs, long conversations), runs a rule
 classifier and LLM judges, and lets experts accept or override labels from
 the keyboard with an append-only audit trail. It shows inter-rater agreement
 (Cohen's and Fleiss' kappa, Krippendorff's alpha) as labels change and keeps
 each project in one crash-safe SQLite file.
 .
 The package has the workbench (menu entry, .tjdb file type) and the command
 line, tracejudge, with bash, zsh and fish completion and man pages. It
 brings its own Java runtime.
CONTROL

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
  > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
find "$root" -exec touch -h -d "@$epoch" {} +
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$work/out.deb" >/dev/null
mv "$work/out.deb" "$deb"
echo "finish-deb: $deb ($version) finished"
