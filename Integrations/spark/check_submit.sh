#!/usr/bin/env bash
# CI check of Docs/fleet.md's Kubernetes recipe, all but the image and the k8s:// master: the same
# spark-submit line (--py-files, --files, --archives of a venv-pack environment and of the release
# archive, spark.pyspark.python=./environment/bin/python, --navrec navrec/navrec) against a
# standalone cluster (cluster.sh), whose second worker has no Swift toolchain. Client mode: a
# standalone cluster runs a Python driver only there; the driver's directory holds what a driver
# pod's working directory holds in cluster mode (the release archive extracted as navrec/).
#
#     Integrations/spark/check_submit.sh MASTER RECORDING.ndjson WORK
#
# The environment (pyarrow and numpy at requirements.txt's pins, venv-pack) is built once and kept
# in ~/.cache/navrec, as the pyspark 3.5 venv is. Fails unless the job writes one sessions row per
# session header of the recording.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
master=$1 recording=$2 work=$3
release=$(ls "$repo"/.build/cluster/release/navrec-*-linux-x86_64.tar.gz)
pins=$(grep -E '^(pyarrow|numpy)==' "$repo/Integrations/spark/requirements.txt" | awk '{printf "%s ", $1}')
env=${XDG_CACHE_HOME:-$HOME/.cache}/navrec/venv-pack-env
if [ ! -f "$env/pyspark_env.tar.gz" ] || [ "$(cat "$env/pins" 2>/dev/null)" != "$pins" ]; then
  rm -rf "$env" && python3 -m venv "$env/venv"
  "$env/venv/bin/pip" install -q $pins venv-pack
  "$env/venv/bin/venv-pack" -q -p "$env/venv" -o "$env/pyspark_env.tar.gz"
  echo "$pins" >"$env/pins"
fi
rm -rf "$work" && mkdir -p "$work/driver/navrec"
python3 "$repo/Integrations/spark/load_landing.py" "$recording" --landing "$work/landing" >/dev/null
tar -xzf "$release" -C "$work/driver/navrec"
cd "$work/driver"
spark-submit --master "$master" --deploy-mode client \
    --conf spark.pyspark.python=./environment/bin/python --conf spark.pyspark.driver.python=python3 \
    --conf spark.driver.extraJavaOptions=-XX:TieredStopAtLevel=1 --conf spark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1 \
    --py-files "$repo/Integrations/spark/navrec_worker.py" \
    --files "$repo/Integrations/spark/analyze_timeline_schema.ddl" \
    --archives "$env/pyspark_env.tar.gz#environment,$release#navrec" \
    "$repo/Integrations/spark/analyze_job.py" --navrec navrec/navrec \
    --landing "$work/landing" --out "$work/out" >"$work/submit.log" 2>&1 || { tail -40 "$work/submit.log"; exit 1; }
expected=$(grep -c '^{"navrec"' "$recording")
rows=$(python3 -c 'import sys, pyarrow.dataset as ds; print(ds.dataset(sys.argv[1], format="parquet", partitioning="hive").count_rows())' "$work/out/sessions")
echo "check_submit: $rows sessions rows for $expected sessions"
[ "$rows" -eq "$expected" ] && [ "$rows" -gt 0 ] || exit 1
grep -q "navrec tasks:" "$work/submit.log" || { echo "check_submit: the job printed no task line"; exit 1; }
echo "check_submit: OK (the Kubernetes recipe's spark-submit line on $master)"
