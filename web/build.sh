#!/usr/bin/env bash
# Builds the playground's WebAssembly module: web/wasm (the library behind raw extern "C"
# exports) for wasm32-unknown-unknown, copied to web/tetris_printer_web.wasm.
# Then serve web/ over http (e.g. `python3 -m http.server -d web 8000`) and open the page.
set -euo pipefail
# A relative CARGO_TARGET_DIR means the caller's directory, not web/.
if [ -n "${CARGO_TARGET_DIR:-}" ] && [ "${CARGO_TARGET_DIR#/}" = "$CARGO_TARGET_DIR" ]; then
    export CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR"
fi
cd "$(dirname "$0")"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
# No --locked: wasm/Cargo.lock pins the versions, and a dependency the main crate gains
# later is added to it rather than failing the build.
cargo build --manifest-path wasm/Cargo.toml --release --target wasm32-unknown-unknown
cp "${CARGO_TARGET_DIR:-wasm/target}/wasm32-unknown-unknown/release/tetris_printer_web.wasm" tetris_printer_web.wasm
echo "built web/tetris_printer_web.wasm ($(wc -c < tetris_printer_web.wasm) bytes)"
