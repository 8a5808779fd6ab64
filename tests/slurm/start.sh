#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine for tests/jobs.rs:
# munged, slurmctld and slurmd with proctrack/linuxproc and no cgroups,
# all state under DIR (the first argument). Prints `export SLURM_CONF=...`
# on success; on failure, one line saying why (exit 1). Needs root (the CI
# runs as root) and the Debian packages slurm-wlm and munge.
set -euo pipefail
dir="$1"
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
fail() { echo "slurm: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root to start slurmctld and slurmd"
for p in munged slurmctld slurmd sbatch sinfo; do
    command -v "$p" >/dev/null 2>&1 || fail "$p is not installed (Debian packages slurm-wlm and munge)"
done

# munge: its own socket, so a system munged (if any) is left alone.
socket="$dir/munge/munge.socket"
if [ ! -f /etc/munge/munge.key ]; then
    (command -v mungekey >/dev/null && mungekey --create) || fail "no /etc/munge/munge.key"
fi
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
if ! pgrep -x munged >/dev/null; then
    munged --force >"$dir/munged.out" 2>&1 || fail "munged did not start: $(tail -1 "$dir/munged.out")"
fi

host="$(hostname -s)"
cpus="$(nproc)"
port=$((20000 + RANDOM % 20000))
cat >"$dir/slurm.conf" <<CONF
ClusterName=jigsat-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=jigsat Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start: $(tail -1 "$dir/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start: $(tail -1 "$dir/slurmd.log" 2>/dev/null)"
for _ in $(seq 1 60); do
    if sinfo -h -o %t 2>/dev/null | grep -qx "idle"; then
        echo "export SLURM_CONF=$SLURM_CONF"
        exit 0
    fi
    sleep 1
done
fail "the node did not come up in 60 s: $(tail -1 "$dir/slurmd.log" 2>/dev/null)"
