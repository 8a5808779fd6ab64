#!/usr/bin/env bash
# jigsat beside the reference programs (../shared/peers: the Calibron
# corner backtracker, Knuth's DLX1 fed by `jigsat dimacs --format dlx`),
# on the same puzzles. Each pair runs alternately, RUNS times (default 7),
# so drift of the machine hits both alike; it prints the median wall time
# of each and their ratio (jigsat / peer; below 1 means jigsat is faster).
#
#   bench/peers.sh                  # every pair
#   RUNS=11 bench/peers.sh calibron # pairs whose name contains "calibron"
#   PEERS=/path/to/peers bench/peers.sh
#
# DLX1 reads the export from a file written beforehand (not timed), with
# jigsat's symmetry breaking, so both programs search the same options;
# for the 8x8 dominoes without it (DLX1 then counts the 12,988,816
# tilings on a fixed board, jigsat both those and the 1,629,189 classes).
# BurrTools' burrTxt (when built there) counts DraculasDentalDesaster
# without its colours beside `jigsat count` (see the last pair).
# Build jigsat first: cargo build --release.
set -euo pipefail
cd "$(dirname "$0")/.."

PEERS=${PEERS:-../shared/peers}
RUNS=${RUNS:-7}
JIGSAT=${JIGSAT:-target/release/jigsat}
FILTER=${1:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

for program in "$JIGSAT" "$PEERS/corner" "$PEERS/knuth/dlx1"; do
    [[ -x $program ]] || { echo "peers.sh: $program is missing (cargo build --release; make in $PEERS)" >&2; exit 2; }
done

# seconds CMD, median: bench/timing.sh.
source bench/timing.sh

# pair NAME JIGSAT_COMMAND PEER_NAME PEER_COMMAND
pair() {
    local name=$1 ours=$2 peer_name=$3 theirs=$4
    [[ -z $FILTER || $name == *"$FILTER"* ]] || return 0
    local a=() b=()
    bash -c "$ours" >/dev/null 2>&1 || true   # warm-up
    bash -c "$theirs" >/dev/null 2>&1 || true
    for ((i = 0; i < RUNS; i++)); do
        a+=("$(seconds "$ours")")
        b+=("$(seconds "$theirs")")
    done
    local ma mb
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '| %s | %.3f | %s | %.3f | %.2f |\n' "$name" "$ma" "$peer_name" "$mb" "$(echo "$ma / $mb" | bc -l)"
}

for p in pentomino-6x10 pentomino-3x20 pentomino-8x8-hole soma; do
    "$JIGSAT" dimacs "puzzles/$p.toml" --format dlx -o "$TMP/$p.dlx"
done
"$JIGSAT" dimacs puzzles/dominoes-8x8.toml --format dlx --no-symmetry -o "$TMP/dominoes-8x8.dlx"

echo "| task | jigsat s | peer | peer s | ratio |"
echo "|---|---:|---|---:|---:|"
pair "Calibron 12, first solution" "$JIGSAT solve puzzles/calibron12.toml -q" \
    corner "$PEERS/corner puzzles/calibron12.toml"
pair "Calibron 12, all solutions" "$JIGSAT count puzzles/calibron12.toml -q" \
    "corner -a" "$PEERS/corner -a puzzles/calibron12.toml"
for p in pentomino-6x10 pentomino-3x20 pentomino-8x8-hole soma; do
    pair "$p, count" "$JIGSAT count puzzles/$p.toml -q" \
        DLX1 "$PEERS/knuth/dlx1 < $TMP/$p.dlx"
    pair "$p, first solution" "$JIGSAT solve puzzles/$p.toml -q" \
        "DLX1 t1" "$PEERS/knuth/dlx1 t1 < $TMP/$p.dlx"
done
pair "dominoes-8x8, count (both figures)" "$JIGSAT count puzzles/dominoes-8x8.toml -q" \
    "DLX1 (fixed board)" "$PEERS/knuth/dlx1 < $TMP/dominoes-8x8.dlx"

# DraculasDentalDesaster without its colours (2,457,948 assemblies; with
# them 84): the colour digits stripped from the voxels, the colour bitmap
# and the stored solutions dropped, as ../shared/burrtools/README.md
# describes. BurrTools' burrTxt counts assemblies, jigsat both figures.
DRACULA=${BURRTOOLS:-../shared/burrtools}/DraculasDentalDesaster.xmpuzzle
if [[ -f $DRACULA && -x $PEERS/burrTxt ]]; then
    zcat "$DRACULA" | sed -E '/<bitmap>/,/<\/bitmap>/d; /<solutions>/,/<\/solutions>/d;
        s/([#+])[0-9]+/\1/g; /<problem /s/ (state|assemblies|solutions|time)="[0-9]+"//g' |
        gzip > "$TMP/dracula-plain.xmpuzzle"
    pair "DraculasDentalDesaster without colours, count" "$JIGSAT count $TMP/dracula-plain.xmpuzzle -q" \
        burrTxt "$PEERS/burrTxt -q $TMP/dracula-plain.xmpuzzle"
fi
