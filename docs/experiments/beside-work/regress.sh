#!/usr/bin/env bash
# Quiet regression of the last verdict issues' acceptance, and the cost.
# Usage: regress.sh BIN OUTDIR
set -u
bin=$1 out=$2; mkdir -p "$out"
D=${DATA:-../../../../shared/datasets}
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/head.txt"
for r in 1 2 3 4 5; do
	"$bin" -input long-string:32MB -impls std,sonic,goccy,baseline -levels N -duration 2s -json "$out/ls32-$r.json" > "$out/ls32-$r.txt" 2>&1
done
for f in citm-catalog twitter canada; do
	for r in 1 2 3; do
		"$bin" -input $D/$f.json -impls std,sonic,goccy,baseline -levels N -duration 2s -json "$out/$f-$r.json" > "$out/$f-$r.txt" 2>&1
	done
done
echo "end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/head.txt"
