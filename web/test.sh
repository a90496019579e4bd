#!/usr/bin/env bash
# The playground's end-to-end test, from a fresh machine: installs Debian's chromium (and
# node) if missing, npm ci (playwright-core only; no browser download), builds the WebAssembly
# module (web/build.sh) and the CLI, then runs web/test/*.test.mjs: the module alone in
# Node (probe.test.mjs, issue #39 item 1), then the page in headless Chromium.
#   TETRIS_PRINTER=path/to/tetris-printer  use that CLI binary instead of building one
#   CLI_PROFILE=dev                          build the CLI unoptimised (faster to build);
#                                            default: the binary `cargo test --profile quick`
#                                            builds, the one CI hands over (.ci/run)
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: chromium (the browser under test), and node/npm if the machine has none.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

npm ci --no-audit --no-fund
# The module is built into a target directory given by CARGO_TARGET_DIR, as a relative
# path (from the repository's root), so that build.sh is tested with one (issue #57).
wasm_target="${CARGO_TARGET_DIR:-target/wasm-playground}"
(cd .. && CARGO_TARGET_DIR="$wasm_target" web/build.sh)
# The wasm crate is outside the main build, so .ci/run's fmt and clippy do not see it.
cargo fmt --manifest-path wasm/Cargo.toml --check
(cd .. && CARGO_TARGET_DIR="$wasm_target" cargo clippy --manifest-path web/wasm/Cargo.toml \
    --release --target wasm32-unknown-unknown -- -D warnings)

if [ -z "${TETRIS_PRINTER:-}" ]; then
    if [ "${CLI_PROFILE:-quick}" = dev ]; then
        (cd .. && cargo build --bin tetris-printer)
        TETRIS_PRINTER="$PWD/../target/debug/tetris-printer"
    else
        # The binary `cargo test --profile quick` builds (README's test command; .ci/run
        # passes that very file): after the quick tests this is a no-op, not a second
        # build with other features or a fat-LTO release build.
        TETRIS_PRINTER="$(cd .. && cargo test --profile quick --no-run \
            --message-format=json-render-diagnostics | node -e '
                let s = "";
                process.stdin.on("data", (d) => { s += d; }).on("end", () => {
                    const bin = s.split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((m) =>
                        m.reason === "compiler-artifact" && m.target.name === "tetris-printer" &&
                        m.target.kind.includes("bin") && !m.profile.test);
                    if (!bin) { console.error("no tetris-printer binary in cargo output"); process.exit(1); }
                    console.log(bin.executable);
                });')"
    fi
    export TETRIS_PRINTER
fi
echo "CLI: $TETRIS_PRINTER"

node --test --test-concurrency=1 test/*.test.mjs
