#!/usr/bin/env bash
# Disassembly beside BurrTools' own text tool (../shared/peers/burrTxt),
# on BurrTools' example files (../shared/burrtools). Each pair runs
# alternately, RUNS times (default 7), so drift of the machine hits both
# alike; it prints median wall times of whole processes and the ratios
# the issue asks for:
#   - SolidSixPieceBurrs: `count --disassemble` against `burrTxt -d`;
#   - the disassembly part alone: (`count --disassemble` - `count`)
#     against (`burrTxt -d` - `burrTxt`);
#   - PelikanBurr: `count --disassemble` - `count` (its disassembly alone);
#   - 2 threads against 1 on the disassembly part (-j 2 / -j 1).
#
#   bench/disasm.sh
#   RUNS=11 bench/disasm.sh
#
# Build jigsat first: cargo build --release.
set -euo pipefail
cd "$(dirname "$0")/.."

SHARED=${SHARED:-../shared}
RUNS=${RUNS:-7}
JIGSAT=${JIGSAT:-target/release/jigsat}
BURRTXT=${BURRTXT:-$SHARED/peers/burrTxt}
S6=$SHARED/burrtools/SolidSixPieceBurrs.xmpuzzle
PELIKAN=$SHARED/burrtools/PelikanBurr.xmpuzzle

for program in "$JIGSAT" "$BURRTXT"; do
    [[ -x $program ]] || { echo "disasm.sh: $program is missing (cargo build --release)" >&2; exit 2; }
done

# seconds CMD, median: bench/timing.sh.
source bench/timing.sh

# medians CMD...: the median wall time of each command, run in turns.
medians() {
    local -a runs
    local n=$# i k
    for ((k = 0; k < n; k++)); do runs[k]=""; done
    for ((i = 0; i < RUNS; i++)); do
        k=0
        for cmd in "$@"; do
            runs[k]+="$(seconds "$cmd") "
            k=$((k + 1))
        done
    done
    for ((k = 0; k < n; k++)); do
        echo "${runs[k]}" | tr ' ' '\n' | grep . | median
    done
}

ratio() { echo "scale=2; $1 / $2" | bc -l; }
minus() { echo "$1 - $2" | bc -l; }

echo "SolidSixPieceBurrs, $RUNS runs each, medians of whole processes (s):"
mapfile -t m < <(medians \
    "$JIGSAT count $S6 --disassemble -q" \
    "$BURRTXT -d -q $S6" \
    "$JIGSAT count $S6 -q" \
    "$BURRTXT -q $S6" \
    "$JIGSAT count $S6 --disassemble -q -j 1" \
    "$JIGSAT count $S6 -q -j 1")
printf '  jigsat count --disassemble   %.3f\n  burrTxt -d                   %.3f\n' "${m[0]}" "${m[1]}"
printf '  jigsat count                 %.3f\n  burrTxt                      %.3f\n' "${m[2]}" "${m[3]}"
printf '  whole: burrTxt -d / jigsat count --disassemble = %sx (target >= 4)\n' "$(ratio "${m[1]}" "${m[0]}")"
ours=$(minus "${m[0]}" "${m[2]}")
theirs=$(minus "${m[1]}" "${m[3]}")
printf '  disassembly part: jigsat %.3f, burrTxt %.3f: jigsat / burrTxt = %s (target <= 0.5)\n' "$ours" "$theirs" "$(ratio "$ours" "$theirs")"
one=$(minus "${m[4]}" "${m[5]}")
printf '  disassembly part on 1 thread %.3f, on 2 (default here) %.3f: %sx (target >= 1.8 on 2 cores)\n' "$one" "$ours" "$(ratio "$one" "$ours")"

echo "PelikanBurr, $RUNS runs each, medians of whole processes (s):"
mapfile -t p < <(medians \
    "$JIGSAT count $PELIKAN --disassemble -q" \
    "$JIGSAT count $PELIKAN -q" \
    "$BURRTXT -d -q $PELIKAN" \
    "$BURRTXT -q $PELIKAN")
printf '  jigsat count --disassemble %.3f, count %.3f: disassembly %.0f ms (target < 50)\n' "${p[0]}" "${p[1]}" "$(echo "($(minus "${p[0]}" "${p[1]}")) * 1000" | bc -l)"
printf '  burrTxt -d %.3f, burrTxt %.3f: disassembly %.0f ms\n' "${p[2]}" "${p[3]}" "$(echo "($(minus "${p[2]}" "${p[3]}")) * 1000" | bc -l)"
