#!/usr/bin/env bash
# aa.sh: how often compare and its -fail gate claim a change where there is
# none (an A/A rate), or find one where there is (an A/B rate). It runs one
# pingpong binary as two builds of one interleaved run N times, then judges
# every run with `pingpong compare` and `compare -fail`, and prints the rate.
# The runs are kept, so a changed compare can judge them again (--judge).
#
#   docs/aa.sh [-n N] [-o DIR] [-a BIN] [-b BIN] [--fail EXPR] [-- pingpong flags]
#   docs/aa.sh --judge DIR [--fail EXPR] [--inject FACTOR [--impl CODEC]]
#
# -a and -b default to one pingpong built from this checkout (an A/A run);
# give -b a different binary (such as one built with -gcflags=all='-N -l')
# for an A/B run. Flags after -- replace the default run flags below.
# --inject makes CODEC (std) of build b FACTOR times slower in each run
# before judging it (internal/aainject): a change of known size in real
# noise, and how often compare and the gate find it.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
n=20 dir="" a="" b="" judge="" inject="" impl=std fail='p99>+10%,rt/s<-5%,stw.p99>+50%'
flags=(-impls "std,goccy,jsoniter,baseline" -levels "1,N" -count 5 -duration 300ms -input citm-catalog)
while [ "$#" -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	-o) dir=$2; shift 2 ;;
	-a) a=$2; shift 2 ;;
	-b) b=$2; shift 2 ;;
	--fail) fail=$2; shift 2 ;;
	--judge) judge=$2; shift 2 ;;
	--inject) inject=$2; shift 2 ;;
	--impl) impl=$2; shift 2 ;;
	--) shift; flags=("$@"); break ;;
	*) echo "aa.sh: unknown option $1" >&2; exit 2 ;;
	esac
done

bin=$(mktemp -d)
trap 'rm -rf -- "$bin"' EXIT
(cd -- "$root" && go build -o "$bin/pingpong" ./cmd/pingpong && go build -o "$bin/aainject" ./internal/aainject)

if [ -z "$judge" ]; then
	dir=${dir:-$(mktemp -d)}
	mkdir -p -- "$dir"
	# Two copies of one file are two builds that differ in nothing but
	# their path: what compare finds between them is noise.
	cp "${a:-$bin/pingpong}" "$dir/a"
	cp "${b:-$bin/pingpong}" "$dir/b"
	echo "aa.sh: $n runs into $dir: ${flags[*]}; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
	for i in $(seq 1 "$n"); do
		"$dir/a" "${flags[@]}" -build "a=$dir/a" -build "b=$dir/b" -json "$dir/run-$i.json" >"$dir/run-$i.txt" 2>&1 ||
			echo "aa.sh: run $i exited $?" >&2
		echo "aa.sh: run $i done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
	done
	judge=$dir
fi

quiet=0 passed=0 total=0 found=0
for run in "$judge"/run-*.json; do
	total=$((total + 1))
	f=$run
	if [ -n "$inject" ]; then
		f=$bin/injected.json
		"$bin/aainject" -build b -impl "$impl" -factor "$inject" "$run" "$f"
	fi
	out=$("$bin/pingpong" compare "$f")
	claimed=$(grep -cE '^[^ ].*: (improved|regressed|mixed)' <<<"$out" || true)
	[ "$claimed" = 0 ] && quiet=$((quiet + 1))
	grep -qE "^[^ ]* $impl [^:]*: (regressed|mixed)" <<<"$out" && found=$((found + 1))
	rc=0
	"$bin/pingpong" compare -fail "$fail" "$f" >"${run%.json}${inject:+.x$inject}.gate.txt" 2>&1 || rc=$?
	[ "$rc" = 0 ] && passed=$((passed + 1))
	echo "$(basename "$run"): $claimed scenarios claimed a change; gate exit $rc"
done
echo "compare showed no change in $quiet of $total runs; -fail '$fail' exited 0 in $passed of $total; $impl regressed in $found of $total"
