#!/usr/bin/env bash
# The no_std core on an emulated microcontroller (issue #58): builds the firmware in
# embedded/ for thumbv7em-none-eabihf, runs it on QEMU's mps2-an386 (a Cortex-M4 with FPU)
# under a timeout, and compares its `sprite` and `print` lines with the host's
# (examples/embedded_expect.rs: the same sprites read from benches/sprites/*.png, the
# same conversions). Fails on any difference, any error the firmware reports, or a hang.
# The firmware's `#` lines (flash, RAM, stack and instructions per conversion) are shown.
# Installs QEMU (Debian's qemu-system-arm) and the Rust target if missing.
#   HOST_PROFILE=release   build the host side with that profile (default: quick, the
#                          profile `cargo test --profile quick` builds, as .ci/run does)
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v qemu-system-arm > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends qemu-system-arm
fi
if ! rustup target list --installed | grep -qx thumbv7em-none-eabihf; then
    rustup target add thumbv7em-none-eabihf
fi

# The firmware is outside the main build, so .ci/run's fmt and clippy do not see it
# (examples/common/embedded_check.rs they do see, through the host example).
cargo fmt --check
cargo clippy --release -- -D warnings
cargo build --release
firmware=target/thumbv7em-none-eabihf/release/tetris-printer-embedded

out=$(mktemp)
trap 'rm -f "$out"' EXIT
# .cargo/config.toml's runner, under a timeout far above the run's time.
limit=300
status=0
timeout "$limit" qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic -monitor none \
    -serial none -semihosting-config enable=on,target=native -icount shift=0 \
    -kernel "$firmware" > "$out" || status=$?
grep '^#' "$out" || true
if [ "$status" -ne 0 ]; then
    grep -v '^#' "$out" >&2 || true
    if [ "$status" -eq 124 ]; then
        echo "embedded: the firmware did not finish within $limit s" >&2
    else
        echo "embedded: the firmware failed (exit $status)" >&2
    fi
    exit 1
fi

expected=$(cd .. && cargo run --quiet --profile "${HOST_PROFILE:-quick}" --example embedded_expect)
if ! diff <(echo "$expected") <(grep -v '^#' "$out"); then
    echo "embedded: the firmware's prints differ from the host's (< host, > firmware)" >&2
    echo "(a differing \`sprite\` line: embedded/src/sprites.rs no longer matches its PNG;" \
        "regenerate it: cargo run --release --example embedded_expect -- --write-sprites)" >&2
    exit 1
fi
echo "embedded: $(grep -c '^print' "$out") prints of $(grep -c '^sprite' "$out") sprites agree with the host's"
