#!/usr/bin/env bash
# Issue 51's acceptance batch: the guard in this outside module, cases x
# rounds in one setting, as root (the hogs at nice -5, the cgroup, the
# unprivileged user). Build the tests first: go test -c -o ext.test .
# Usage: [EXT=./ext.test] [OUT=/tmp/beside-work] batch.sh SETTING ROUNDS CASE...
# SETTING: quiet | hogs2 | hogs4n5 | cgroup1 | hogs2nobody | hogs4n5nobody
set -u
setting=$1 rounds=$2; shift 2
cases=("$@")
ext=$(realpath "${EXT:-./ext.test}")
out=${OUT:-/tmp/beside-work}/$setting; mkdir -p "$out"
hog() { sh -c 'while :; do :; done' >/dev/null 2>&1 & echo $!; }
pids=()
cg=/sys/fs/cgroup/cpu/pp1
run=("$ext")
case $setting in
quiet) ;;
hogs2|hogs2nobody) pids+=("$(hog)" "$(hog)") ;;
hogs4n5|hogs4n5nobody) for _ in 1 2 3 4; do nice -n -5 sh -c 'while :; do :; done' & pids+=($!); done ;;
cgroup1)
	mkdir -p $cg; echo 100000 > $cg/cpu.cfs_period_us; echo 100000 > $cg/cpu.cfs_quota_us
	p=$(hog); pids+=("$p"); echo "$p" > $cg/cgroup.procs
	run=(sh -c 'echo $$ > /sys/fs/cgroup/cpu/pp1/cgroup.procs; exec "$0" "$@"' "$ext") ;;
esac
if [ "$setting" = hogs2nobody ] || [ "$setting" = hogs4n5nobody ]; then
	run=(setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp "$ext")
fi
sleep 2
{ echo "setting $setting, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), $(grep -m1 'model name' /proc/cpuinfo)"; } >> "$out/head.txt"
for r in $(seq 1 "$rounds"); do
	for c in "${cases[@]}"; do
		log=$out/$c.$r.log
		echo "load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%T)" > "$log"
		[ -f $cg/cpu.stat ] && [ "$setting" = cgroup1 ] && grep throttled_time $cg/cpu.stat >> "$log"
		"${run[@]}" -test.v -test.run "^Test$c\$" >> "$log" 2>&1
		echo "exit $?" >> "$log"
		[ -f $cg/cpu.stat ] && [ "$setting" = cgroup1 ] && grep throttled_time $cg/cpu.stat >> "$log"
	done
done
for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
wait 2>/dev/null
