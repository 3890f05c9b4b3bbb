#!/usr/bin/env bash
# Issue 19: nothing an installer runs may warn. Packs this (built) checkout, installs the tarball
# into a temporary global prefix with the machine's npm, runs the installed command, then
# `npm link`s the checkout into another temporary prefix, printing everything npm printed and
# failing when npm warned. Needs the npm registry (the tarball's dependencies); not part of
# `npm test`, which never touches the network.
#
#   npm run build && bash scripts/check-installers-quiet.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm --version
npm pack --silent --pack-destination "$work" >/dev/null
tgz=$(ls "$work"/qiongli-*.tgz)
echo "== npm install -g $(basename "$tgz")"
NPM_CONFIG_PREFIX="$work/global" npm install -g "$tgz" --no-audit --no-fund 2>&1 | tee "$work/install.log"
"$work/global/bin/qiongli" --version
echo "== npm link"
NPM_CONFIG_PREFIX="$work/linked" npm link --no-audit --no-fund 2>&1 | tee "$work/link.log"
"$work/linked/bin/qiongli" --version
if grep -qiE 'npm warn|warning' "$work/install.log" "$work/link.log"; then
  echo "an installer warned" >&2
  exit 1
fi
echo "no installer warned"
