#!/usr/bin/env bash
# The playground's end-to-end test, from a fresh machine: installs Debian's chromium if
# missing, npm ci (playwright-core only; no browser download), builds the WebAssembly
# module (web/build.sh) and the CLI, then runs web/test/*.test.mjs in headless Chromium.
#   TETRIS_PRINTER=path/to/tetris-printer  use that CLI binary instead of building one
#   CLI_PROFILE=dev                          build the CLI unoptimised (faster to build)
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends chromium
fi

npm ci --no-audit --no-fund
./build.sh

if [ -z "${TETRIS_PRINTER:-}" ]; then
    profile="${CLI_PROFILE:-release}"
    (cd .. && cargo build --locked --profile "$profile" --bin tetris-printer)
    dir="$profile"
    [ "$profile" = dev ] && dir=debug
    export TETRIS_PRINTER="$PWD/../target/$dir/tetris-printer"
fi

node --test --test-concurrency=1 test/playground.test.mjs
