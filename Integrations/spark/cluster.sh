#!/usr/bin/env bash
# A Spark standalone cluster on this machine, for CI and Benchmarks/fleet_cluster.sh: a master and
# two workers of 1 core each, all on 127.0.0.1, from the installed pyspark's jars (its
# bin/spark-class; SPARK_HOME overrides).
#
#     master=$(Integrations/spark/cluster.sh start)     # prints spark://127.0.0.1:PORT when both workers registered
#     Integrations/spark/cluster.sh stop                # stops what start started (by its pid files)
#
# Worker 2 runs without the Swift toolchain: its PATH lacks it and, where a mount namespace can be
# made (root), the toolchain and this checkout's .build/ are hidden under empty tmpfs mounts for it
# and its executors, so a job only works there if it ships the binary (--files, --archives or
# SparkContext.addFile) instead of finding it on disk.
#
# Environment: NAVREC_CLUSTER_DIR (state, logs and worker dirs; default /tmp/navrec-spark-cluster.HASH
# of this checkout), NAVREC_WORKER_MEMORY (each worker's memory for executors, default 2g).
# Ports are free ones picked at start, so several checkouts can run clusters at once.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
state=${NAVREC_CLUSTER_DIR:-/tmp/navrec-spark-cluster.$(echo "$repo" | md5sum | cut -c1-8)}
memory=${NAVREC_WORKER_MEMORY:-2g}
spark_home=${SPARK_HOME:-$(python3 -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts one daemon in the background with its log and pid file under $state; the rest of the
# arguments go to spark-class. `exec` in spark-class makes the pid the JVM's.
daemon() {
  local name=$1; shift
  nohup "$@" >"$state/$name.log" 2>&1 </dev/null &
  echo $! >"$state/$name.pid"
}

wait_for() {  # LOG PATTERN WHAT
  local deadline=$((SECONDS + 180))
  until grep -q -E "$2" "$1" 2>/dev/null; do
    if [ $SECONDS -ge $deadline ]; then
      echo "error: $3 not up after 180 s; last lines of $1:" >&2; tail -20 "$1" >&2; stop; exit 1
    fi
    sleep 1
  done
}

stop() {
  local pid name
  for name in worker2 worker1 master; do
    [ -f "$state/$name.pid" ] || continue
    pid=$(cat "$state/$name.pid")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$state/$name.pid"
  done
}

start() {
  if [ -f "$state/master.pid" ] && kill -0 "$(cat "$state/master.pid")" 2>/dev/null; then
    echo "error: a cluster from $state is running (cluster.sh stop first)" >&2; exit 1
  fi
  rm -rf "$state"
  mkdir -p "$state/work1" "$state/work2"
  local port url class="$spark_home/bin/spark-class"
  port=$(free_port)
  url="spark://127.0.0.1:$port"
  export SPARK_HOME=$spark_home SPARK_LOCAL_IP=127.0.0.1 SPARK_NO_DAEMONIZE=1
  daemon master "$class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port 0
  wait_for "$state/master.log" "Starting Spark master at|I have been elected leader" "the master"
  daemon worker1 "$class" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory "$memory" \
    --webui-port 0 --work-dir "$state/work1" "$url"

  # Worker 2: PATH without the Swift toolchain, and the toolchain and .build/ hidden if possible.
  local swift_bin path2 toolchain=""
  swift_bin=$(dirname "$(command -v swift 2>/dev/null || echo /nonexistent/bin/swift)")
  path2=$(echo "$PATH" | tr ':' '\n' | grep -v -x -F "$swift_bin" | paste -s -d ':')
  [ -d "$swift_bin" ] && toolchain=$(dirname "$swift_bin")
  local hide=""
  for dir in $toolchain "$repo/.build"; do
    [ -d "$dir" ] && hide+="mount -t tmpfs -o size=1m,ro none '$dir' && "
  done
  if [ -n "$hide" ] && unshare --mount --propagation private true 2>/dev/null; then
    daemon worker2 unshare --mount --propagation private sh -c "$hide exec env PATH='$path2' '$class' \
      org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory '$memory' --webui-port 0 \
      --work-dir '$state/work2' '$url'"
    echo "worker 2: PATH without $swift_bin; hidden: ${toolchain:+$toolchain }$repo/.build" >"$state/worker2.note"
  else
    daemon worker2 env PATH="$path2" "$class" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 \
      --memory "$memory" --webui-port 0 --work-dir "$state/work2" "$url"
    echo "worker 2: PATH without $swift_bin (no mount namespace: nothing hidden)" >"$state/worker2.note"
  fi
  wait_for "$state/worker1.log" "Successfully registered with master" "worker 1"
  wait_for "$state/worker2.log" "Successfully registered with master" "worker 2"
  echo "$url" >"$state/master-url"
  echo "cluster up: $url, 2 workers x 1 core, $memory each; $(cat "$state/worker2.note"); logs in $state" >&2
  echo "$url"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 64 ;;
esac
