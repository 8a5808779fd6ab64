#!/usr/bin/env bash
# Stops the cluster tests/slurm/start.sh started under DIR.
dir="$1"
for d in slurmd slurmctld; do
    if [ -f "$dir/$d.pid" ]; then
        kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
    fi
done
