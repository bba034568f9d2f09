#!/bin/bash
# A single-node Slurm on this machine, for the cluster route's check and for real runs of the
# array scripts on one machine (run as root; installs Debian's slurm-wlm and munge if needed):
#
#   scripts/local-slurm.sh up DIR        # configuration, state and logs in DIR
#   export SLURM_CONF=DIR/etc/slurm.conf
#   sbatch --array=1-8 --cpus-per-task=1 scripts/slurm-generate.sh ...
#   scripts/local-slurm.sh down DIR      # stops the daemons
#
# The node offers every CPU of the machine and half its memory; one partition, no time limit.
set -euo pipefail
say() { echo "[local-slurm $(date +%T)] $*"; }
fail() { say "FAILED: $*"; exit 1; }
usage() { echo "usage: $0 up|down DIR" >&2; exit 2; }
[ $# = 2 ] || usage
WORK=$(mkdir -p "$2" && cd "$2" && pwd)

case "$1" in
down)
    for daemon in slurmd slurmctld; do
        [ -f "$WORK/$daemon.pid" ] && kill "$(cat "$WORK/$daemon.pid")" 2>/dev/null || true
    done
    exit 0
    ;;
up) ;;
*) usage ;;
esac

if [ "$(id -u)" != 0 ]; then
    echo "a local Slurm needs root (it installs and starts Slurm's daemons)" >&2
    exit 2
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq slurm-wlm munge >/dev/null || {
        apt-get update -qq && apt-get install -y -qq slurm-wlm munge >/dev/null
    }
fi

CONF="$WORK/etc"
mkdir -p "$CONF" "$WORK/state" "$WORK/spool" "$WORK/log" /run/munge
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
cat > "$CONF/slurm.conf" <<CONFIG
ClusterName=sudoku-local
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=30
MinJobAge=600
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONFIG
export SLURM_CONF="$CONF/slurm.conf"

chown munge:munge /run/munge
if ! pgrep -x munged >/dev/null; then
    [ -s /etc/munge/munge.key ] || { mungekey --create 2>/dev/null || create-munge-key -f; }
    runuser -u munge -- /usr/sbin/munged
fi
munge -n | unmunge >/dev/null || fail "munge does not work"

slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
state=
for _ in $(seq 60); do
    state=$(sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 1
done
if [ "$state" != idle ]; then
    "$0" down "$WORK"
    fail "the node is not idle (state: ${state:-none}); logs in $WORK/log"
fi
say "Slurm $(sinfo -V | awk '{ print $2 }') up: node $HOST, $CPUS CPUs; export SLURM_CONF=$SLURM_CONF"
