//! The two scripts `jigsat split` writes beside the jobs, for the tools
//! clusters already run: GNU parallel (one machine or many over ssh) and a
//! Slurm job array. Both skip parts that already have a result, so running
//! them again after an interruption continues where they stopped.

/// `run-parallel.sh`: every part through GNU parallel, then the merge.
/// Its arguments go to GNU parallel (`-j 8`, `--sshlogin …`).
pub fn parallel(jigsat: &str, parts: usize) -> String {
    format!(
        r#"#!/bin/sh
# Counts the {parts} parts of this split with GNU parallel, then merges them.
#
#   ./run-parallel.sh              one part per core of this machine
#   ./run-parallel.sh -j 8         eight parts at a time
#   ./run-parallel.sh --sshlogin 8/host1,8/host2 --transferfile {{}} \
#       --return 'results/{{/.}}.result' --cleanup
#                                  on other machines (jigsat installed there
#                                  at $JIGSAT, or on a shared directory)
#
# Arguments go to GNU parallel. Parts that have a result in results/ are
# skipped: after an interruption, run it again. JIGSAT names the jigsat
# program (default: the one that made this split).
set -eu
cd "$(dirname "$0")"
JIGSAT="${{JIGSAT:-{jigsat}}}"
export JIGSAT
mkdir -p results
ls jobs/*.job | parallel --halt soon,fail=1 --env JIGSAT "$@" \
    'test -e results/{{/.}}.result || "$JIGSAT" -q count -j 1 {{}}'
"$JIGSAT" merge .
"#
    )
}

/// `jigsat.sbatch`: a Slurm job array with one task per part.
pub fn sbatch(jigsat: &str, name: &str, parts: usize) -> String {
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!(
        r#"#!/bin/bash
# A Slurm job array: one task per part of this split ({parts} parts), each
# writing results/part-NNNN.result. Submit it from this directory:
#
#   sbatch jigsat.sbatch
#
# and merge when the array has finished:
#
#   jigsat merge .
#
# (or let Slurm do it: sbatch --dependency=afterok:JOBID --wrap "$JIGSAT merge .").
# Tasks whose result exists already are skipped. Logs go to logs/.
#SBATCH --job-name=jigsat-{name}
#SBATCH --array=1-{parts}
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/part-%a.log
set -eu
JIGSAT="${{JIGSAT:-{jigsat}}}"
part=$(printf '%04d' "$SLURM_ARRAY_TASK_ID")
if [ -e "results/part-$part.result" ]; then
    echo "part $part: done already"
    exit 0
fi
exec "$JIGSAT" -q count -j "${{SLURM_CPUS_PER_TASK:-1}}" "jobs/part-$part.job"
"#
    )
}
