#!/usr/bin/env bash
# The no_std core on an emulated microcontroller (issue #58): builds the firmware in
# embedded/ for thumbv7em-none-eabihf, runs it on QEMU's mps2-an386 (a Cortex-M4 with FPU)
# under a timeout, and compares its `sprite` and `print` lines with the host's
# (examples/embedded_expect.rs: the same sprites read from benches/sprites/*.png, the
# same conversions). Fails on any difference, any error the firmware reports, or a hang.
# The firmware's `#` lines (flash, RAM, stack and instructions per conversion) are shown,
# and the README's figures for them checked (within 5 %).
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

# The README's figures for the firmware (its image, and the most stack and instructions
# a conversion takes per mode) stay within 5 % of what it measured here: the compiler
# moves them a little, a change to the converter more.
measured=$(awk '
    /^# mps2-an386/ { for (i = 1; i <= NF; i++) if ($i == "flash") flash = $(i + 1) }
    /^# .* (default|direct|direct\+ws): [0-9]+ instructions, stack [0-9]+ bytes \(own [0-9]+\)/ {
        mode = $3; sub(":", "", mode); n = $4; own = $10; sub(/\)$/, "", own)
        if (n > ins[mode]) ins[mode] = n
        if (own > stack[mode]) stack[mode] = own
    }
    END {
        printf "image_KB %.1f\n", flash / 1000
        printf "default_stack_KB %.1f\n", stack["default"] / 1000
        printf "default_instructions_M %.2f\n", ins["default"] / 1e6
        printf "direct_stack_KB %.1f\n", stack["direct"] / 1000
        printf "direct_instructions_M %.1f\n", ins["direct"] / 1e6
        printf "workspace_instructions_M %.1f\n", ins["direct+ws"] / 1e6
    }' "$out")
readme=$(tr -s ' \n' '  ' < ../README.md)
# The `n`th number in the README's first match of `pattern`.
# (Nothing where it does not match: the check below then names the figure.)
said() {
    { grep -oE -e "$1" <<<"$readme" || true; } | head -1 |
        { grep -oE '[0-9]+(\.[0-9]+)?' || true; } | sed -n "${2}p"
}
default='at most [0-9]+ KB of stack and [0-9.]+ M instructions a sprite'
direct='--direct`: [0-9]+ KB of stack and up to [0-9]+ M instructions, [0-9]+ M'
claims="image_KB $(said 'a [0-9]+ KB image' 1)
default_stack_KB $(said "$default" 1)
default_instructions_M $(said "$default" 2)
direct_stack_KB $(said "$direct" 1)
direct_instructions_M $(said "$direct" 2)
workspace_instructions_M $(said "$direct" 3)"
if ! paste -d' ' <(echo "$claims") <(echo "$measured") | awk '
    { said = $2; got = $4
      if (NF != 4 || (said - got) / got > 0.05 || (got - said) / got > 0.05) {
          if (NF != 4) said = "nothing (its sentence is not found)"
          printf "embedded: README.md says %s %s, measured %s\n", $1, said, $NF > "/dev/stderr"
          bad = 1 } }
    END { exit bad }'; then
    echo "embedded: update the firmware's figures in README.md (its paragraph on no_std) to those measured" >&2
    exit 1
fi
echo "embedded: README.md's figures for it hold (within 5 %)"
