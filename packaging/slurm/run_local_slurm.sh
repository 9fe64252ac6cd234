#!/usr/bin/env bash
# Runs the cluster recipe of docs/cluster.md for real on this one machine: a single-node Slurm (Debian 12's
# slurmctld and slurmd, authenticated by munged) configured in a temporary folder, loopback only, no systemd;
# submits probescope_ranks.sbatch as a job array (one task per rank) and probescope_merge.sbatch with
# --dependency=afterok for the 2-rank dist_tp_mix_statistics case, checks that the merged database equals the
# single run over both ranks, then stops the three daemons it started and removes the folder.
#
# Usage (as root: the daemons and the jobs run as root; needs `apt-get install -y slurm-wlm munge`):
#   packaging/slurm/run_local_slurm.sh [PROBESCOPE_CLI] [CASE_DIR]
# defaults: build/app/probescope-cli and build/tests/cases/dist_tp_mix_statistics (unpacked by the build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cli=$(realpath "${1:-$repo/build/app/probescope-cli}")
case_dir=$(realpath "${2:-$repo/build/tests/cases/dist_tp_mix_statistics}")
ranks=2
[[ "$(id -u)" -eq 0 ]] || { echo "run_local_slurm: run as root (slurmd and the jobs run as root here)"; exit 2; }
for tool in slurmctld slurmd munged sbatch squeue sinfo scontrol python3; do
    command -v "$tool" >/dev/null || { echo "run_local_slurm: $tool is missing (apt-get install -y slurm-wlm munge)"; exit 2; }
done
[[ -x "$cli" ]] || { echo "run_local_slurm: no probescope-cli at $cli (build it first)"; exit 2; }
[[ -d "$case_dir/npu" && -d "$case_dir/bench" ]] || { echo "run_local_slurm: no npu/ and bench/ in $case_dir"; exit 2; }

work=$(mktemp -d /tmp/probescope-slurm.XXXXXX)
chmod 700 "$work"
mkdir -p "$work"/{munge,state,spool,logs,parts,single}
started=() # pid files of the daemons this script started, stopped in reverse order
cleanup() {
    local rc=$?
    for (( i=${#started[@]}-1; i>=0; i-- )); do
        pidfile=${started[$i]}
        [[ -s "$pidfile" ]] || continue
        pid=$(cat "$pidfile")
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    rm -rf "$work"
    echo "run_local_slurm: daemons stopped, $work removed (exit $rc)"
}
trap cleanup EXIT
log() { echo "run_local_slurm: $*"; }
start=$(date +%s)

# munged: a fresh key, its socket in the work folder.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --socket="$work/munge/munge.socket" --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed"
started+=("$work/munge/munged.pid")

# slurm.conf: this host as controller and only node, on two free loopback ports.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
ports = []
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); ports.append(s.getsockname()[1]); s.close()
print(*ports)')
node=$(hostname -s)
cat > "$work/slurm.conf" <<CONF
ClusterName=probescope-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -c -f "$SLURM_CONF"
started+=("$work/slurmctld.pid")
slurmd -f "$SLURM_CONF" -N "$node"
started+=("$work/slurmd.pid")
for _ in $(seq 100); do
    [[ "$(sinfo -h -o %T 2>/dev/null)" == idle* ]] && break
    sleep 0.2
done
[[ "$(sinfo -h -o %T)" == idle* ]] || { log "the node did not come up"; tail -5 "$work"/logs/*.log; exit 1; }
log "single-node Slurm $(sinfo -V | cut -d' ' -f2) up on $node (ports $ctld_port/$slurmd_port) in $(( $(date +%s) - start )) s"

# The recipe: one array task per rank, the merge after all of them succeeded.
cd "$work/logs"
env_vars="ALL,PROBESCOPE_CLI=$cli,NPU=$case_dir/npu,BENCH=$case_dir/bench,PARTS=$work/parts,RANK_COUNT=$ranks"
array=$(sbatch --parsable --array=0-$(( ranks - 1 )) --export="$env_vars,RANKS_PER_TASK=1" \
    "$here/probescope_ranks.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --export="$env_vars,OUT=$work/merged.vis.db" \
    "$here/probescope_merge.sbatch")
log "submitted the rank array (job $array, tasks 0-$(( ranks - 1 ))) and the merge (job $merge, afterok:$array)"
state() { scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | cut -d= -f2 | tr '\n' ' '; }
for _ in $(seq 600); do
    [[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]] && break
    sleep 0.2
done
log "array job $array: $(state "$array")| merge job $merge: $(state "$merge")"
for f in probescope-ranks_*.log probescope-merge_*.log; do
    echo "--- $f"; grep -E '\[(INFO|WARNING|ERROR)\] (The part|Merged|Wrote)|\[(WARNING|ERROR)\]' "$f" || true
done
[[ "$(state "$merge")" == "COMPLETED " ]] || { log "the merge job did not complete"; exit 1; }

# The check: the merged database is the single run over both ranks.
"$cli" graph_visualize -tp "$case_dir/npu" -gp "$case_dir/bench" -o "$work/single" >/dev/null 2>&1
single=$(ls "$work"/single/*.vis.db)
python3 "$repo/tests/golden/visdb_compare.py" "$single" "$work/merged.vis.db" --summary | tail -1
python3 - "$single" "$work/merged.vis.db" <<'PY'
import sqlite3, sys
dumps = [list(sqlite3.connect(f"file:{p}?mode=ro", uri=True).iterdump()) for p in sys.argv[1:]]
rows = sum(1 for line in dumps[0] if line.startswith('INSERT INTO "tb_nodes"'))
links = sum(1 for line in dumps[1] if "communications_type" in line)
if dumps[0] != dumps[1]:
    sys.exit("run_local_slurm: the merged database differs from the single run")
print(f"run_local_slurm: merged == single run: {len(dumps[0])} SQL lines identical ({rows} tb_nodes rows, "
      f"{links} with matched_distributed)")
PY
log "done in $(( $(date +%s) - start )) s"
