#!/usr/bin/env bash
# bench_scheduling.sh: the scheduler responsiveness check as a matrix, as
# in the Erlang original. It builds, pingpong runs: the builds (pingpong
# itself, with --add codecs, a --type and a --base release, and with
# --version, --replace or --goexperiment a second pingpong) are made by
# internal/benchbuild, in
# temporary copies of the module; then one pingpong run measures every
# build's codecs in one plan and writes the result files, and with two
# builds `pingpong compare` compares them. Run it from anywhere.
set -euo pipefail

prog=bench_scheduling.sh

usage() {
	cat <<'EOF'
usage: bench_scheduling.sh [options] [VERSION] [-- pingpong flags...]

Builds pingpong, runs the scheduler responsiveness check and writes
results.json, bench.txt, results.csv and report.html (plus console.txt)
into runs/<timestamp>/ at the repository root, printing the console
report as it goes.

options:
  --compare CODECS     codecs to run, comma separated (default: all; see pingpong -list);
                       baseline, the freeze verdict's reference, is always run too
  -i, --input NAME     input to run: a built-in corpus, a NAME in --data, or a file;
                       repeatable (default: citm-catalog)
  --all-inputs         every built-in corpus, or with --data every *.json in it
  --data DIR           where named inputs are looked up first ($PINGPONG_DATA)
  --duration D         measured window of each scenario (pingpong -duration, e.g. 2s)
  --procs LIST         GOMAXPROCS, or a sweep like 1,2,4 (pingpong -procs)
  --count N            repeats of every scenario (pingpong -count; default 1, and 5
                       with a second build: 4 a side or more lets compare test
                       significance)
  -o, --out DIR        write the files into DIR instead of runs/<timestamp>
  --add NAME=MODULE[@VERSION][:IMPORT_PATH]
  --add NAME=PATH[:IMPORT_PATH]
                       also run the library MODULE (or the checkout at PATH) as
                       codec NAME: pingpong is built with a generated codec that
                       calls the package's Marshal(v) and Unmarshal(data, &v);
                       IMPORT_PATH when that package is not the module's root.
                       NAME: lowercase letters, digits and '-'. Repeatable.
                       Without @VERSION: the version pingpong already uses, else
                       the latest. (A temporary copy; your go.mod is never touched.)
  --type IMPORT_PATH.TypeName=DIR
  --type IMPORT_PATH.TypeName=MODULE@VERSION
                       decode into your own type: every codec decodes into a new
                       value of it and encodes it, checked against encoding/json
                       into the same type; rows name it (shop.Order). DIR is a
                       local module; MODULE@VERSION is fetched
  --version MOD@VER    also build pingpong with that version of a codec's module
                       (go get in a temporary copy; your go.mod is never touched)
  --replace MOD=PATH   also build pingpong with a replace of MOD by the checkout
                       at PATH; repeatable. SONIC_ROOT=PATH means
                       --replace github.com/bytedance/sonic=PATH, and
                       PINGPONG_REPLACE=MOD=PATH means --replace MOD=PATH
  --base MOD@VER       build the base with that version of MOD (instead of the
                       one pingpong's go.mod pins): with --replace MOD=PATH, the
                       release against your checkout, in one run
  VERSION              --base MOD@VERSION of the one module --replace names:
                       PINGPONG_REPLACE=github.com/goccy/go-json=../go-json
                       ./bench_scheduling.sh v0.10.5
  --goexperiment NAME  also build pingpong with GOEXPERIMENT=NAME (e.g. jsonv2:
                       std becomes encoding/json on the v2 implementation, and
                       codec stdv2, encoding/json/v2, is there)
  --fail EXPR          with a second build: gate its comparison (pingpong compare
                       -fail EXPR, e.g. 'p99>+10%,rt/s<-5%') and exit 1 when a
                       scenario got worse than EXPR allows
  --cold               measure cold starts instead (pingpong cold, docs/cold.md):
                       each codec's first calls on the input in fresh processes
                       (--count of them, 10 by default), written as cold.json,
                       cold.html and console.txt; one build, one input
  -h, --help           this text

Anything after -- goes to the pingpong run as it is (e.g. -- -warmup 1s).

PINGPONG_BUILD_CACHE=DIR keeps every build in DIR between runs: a build
nothing changed since (the go command checks) is not linked again. Delete
DIR at will.

Flags that would set one module of one build two ways (--version and
--replace of one module, a flag given twice, VERSION and --base) are refused
in one line, never one of them dropped. A version that does not build with
this Go is told in one line, with its first compile error, before anything
is measured. Each build's line (== base:, == new:, also atop console.txt)
names its version and go.sum hash, or its checkout's directory and commit.

With a second build, one pingpong run measures both (pingpong -build): every
codec once per build that has it, the builds one after the other within a
level and in the other order on the next repeat (base, new; then new, base),
so that drift over the run hits both alike; a codec only one build has runs
there alone. Each row names its build (base or new) in every file;
compare.txt is `pingpong compare` of the two builds of results.json.

Exit status: 0; 1 when some scenario ended in error (every file and the
comparison are still written; console.txt says which), a build of pingpong
or of a --replace checkout failed, or the --fail gate failed (compare.txt
says why); 2 for bad usage, found before anything is measured, including a
--version, --base, --add or --type that cannot be fetched or does not build
with this Go, and a --fail EXPR pingpong refuses.
EOF
}

usage_error() {
	echo "$prog: $*" >&2
	exit 2
}

fail() {
	echo "$prog: $*" >&2
	exit 1
}

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)

count="" outdir="" data="" duration="" procs="" second=0 extra=() release="" cold=0 cold_count=""
build=() # flags of the build step (internal/benchbuild)
gate=()  # -fail EXPR for the final compare, when --fail is given
need_value() {
	[ "$#" -ge 2 ] || usage_error "$1 needs a value (see --help)"
}
while [ "$#" -gt 0 ]; do
	case "$1" in
	-h | --help)
		usage
		exit 0
		;;
	--compare | -i | --input | --version | --replace | --add | --type | --goexperiment | --base)
		need_value "$@"
		flag=${1#-}
		flag=${flag#-}
		[ "$flag" != i ] || flag=input
		build+=("-$flag" "$2")
		case $flag in version | replace | goexperiment) second=1 ;; esac
		shift 2
		;;
	--compare=* | --input=* | --version=* | --replace=* | --add=* | --type=* | --goexperiment=* | --base=*)
		flag=${1%%=*}
		build+=("${flag#-}" "${1#*=}")
		case $flag in --version | --replace | --goexperiment) second=1 ;; esac
		shift
		;;
	--all-inputs) build+=(-all-inputs); shift ;;
	--cold) cold=1; shift ;;
	--data) need_value "$@"; data=$2; shift 2 ;;
	--data=*) data=${1#*=}; shift ;;
	--duration) need_value "$@"; duration=$2; shift 2 ;;
	--duration=*) duration=${1#*=}; shift ;;
	--procs) need_value "$@"; procs=$2; shift 2 ;;
	--procs=*) procs=${1#*=}; shift ;;
	--count) need_value "$@"; count=$2; shift 2 ;;
	--count=*) count=${1#*=}; shift ;;
	-o | --out) need_value "$@"; outdir=$2; shift 2 ;;
	--out=*) outdir=${1#*=}; shift ;;
	--fail) need_value "$@"; gate=(-fail "$2"); shift 2 ;;
	--fail=*) gate=(-fail "${1#*=}"); shift ;;
	--)
		shift
		extra=("$@")
		break
		;;
	-*) usage_error "unknown option $1 (see --help)" ;;
	*)
		[ -z "$release" ] || usage_error "$release and $1: give one VERSION (see --help)"
		release=$1
		build+=(-release "$1")
		shift
		;;
	esac
done

if [ -n "${SONIC_ROOT:-}" ]; then
	build+=(-replace "github.com/bytedance/sonic=$SONIC_ROOT")
	second=1
fi
if [ -n "${PINGPONG_REPLACE:-}" ]; then
	build+=(-replace "$PINGPONG_REPLACE")
	second=1
fi
if [ "$cold" = 1 ]; then
	[ "$second" = 0 ] || usage_error "--cold measures one build: drop --version, --replace, --goexperiment, SONIC_ROOT and PINGPONG_REPLACE"
	[ -z "$duration$procs" ] || usage_error "--cold times single calls: --duration and --procs do not apply"
	[ "${#gate[@]}" = 0 ] || usage_error "--cold has no comparison to gate: drop --fail"
	cold_count=$count # before the measuring run's default below
fi
# Two builds are compared: 5 repeats a side let the U test tell a change
# from noise (compare.RepeatsToTest is the least it can work with).
if [ -z "$count" ]; then
	count=1
	[ "$second" = 0 ] || count=5
fi
[[ $count =~ ^[1-9][0-9]*$ ]] || usage_error "--count $count: must be a whole number from 1"
if [ "${#gate[@]}" -gt 0 ] && [ "$second" = 0 ]; then
	usage_error "--fail gates the comparison of two builds: give --version, --replace, SONIC_ROOT, PINGPONG_REPLACE or --goexperiment too"
fi
if [ -n "$data" ]; then
	[ -d "$data" ] || usage_error "--data $data: not a directory"
	PINGPONG_DATA=$(cd -- "$data" && pwd)
	export PINGPONG_DATA
fi

command -v go >/dev/null 2>&1 || fail "Go is not installed or not on PATH: install Go $(sed -n 's/^go //p' "$root/go.mod") or newer from https://go.dev/dl/"

# Builds go to a temporary directory, and the output directory is made only
# once every build has worked: a failed start leaves nothing behind.
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
benchbuild=$tmp/bin/benchbuild
if [ -n "${PINGPONG_BUILD_CACHE:-}" ]; then
	mkdir -p -- "$PINGPONG_BUILD_CACHE" || fail "PINGPONG_BUILD_CACHE=$PINGPONG_BUILD_CACHE: cannot create the directory"
	benchbuild=$(cd -- "$PINGPONG_BUILD_CACHE" && pwd)/benchbuild
fi
# Built under a name of this run's own, then renamed into place in the same
# directory: two runs side by side sharing PINGPONG_BUILD_CACHE (the tests
# run several) never link into one file. The name starts as a copy of the
# kept build, which the go command does not link again when nothing
# changed.
if [ -f "$benchbuild" ]; then
	cp -p -- "$benchbuild" "$benchbuild.$$" 2>/dev/null || rm -f -- "$benchbuild.$$"
fi
(cd -- "$root" && go build -o "$benchbuild.$$" ./internal/benchbuild) || fail "building internal/benchbuild failed (see above)"
mv -f -- "$benchbuild.$$" "$benchbuild" || fail "cannot move the build step into place: $benchbuild"
# The build step says what went wrong in one line, with its exit status (a
# --fail EXPR pingpong refuses included, told before anything is built); it
# prints the run's -impls, -input and -target, one word a line.
"$benchbuild" -root "$root" -dir "$tmp" "${build[@]}" "${gate[@]}" >"$tmp/run.args" || exit $?
mapfile -t run_args <"$tmp/run.args"

# Every build worked: now the output directory, with the binaries in it.
if [ -z "$outdir" ]; then
	outdir=$root/runs/$(date +%Y%m%d-%H%M%S)
fi
made_outdir=0
[ -d "$outdir" ] || made_outdir=1
mkdir -p -- "$outdir" || fail "cannot create the output directory $outdir"
outdir=$(cd -- "$outdir" && pwd)
mv -f -- "$tmp/bin/pingpong" "$outdir/pingpong"
if [ "$cold" = 1 ]; then
	# pingpong cold's own default of fresh processes, unless --count says
	args=(cold "${run_args[@]}")
	[ -z "$cold_count" ] || args+=(-count "$cold_count")
	echo "== built pingpong into $outdir" >&2
	rc=0
	{
		[ ! -f "$tmp/builds.txt" ] || cat "$tmp/builds.txt"
		"$outdir/pingpong" "${args[@]}" "${extra[@]}" -json "$outdir/cold.json" -html "$outdir/cold.html"
	} | tee "$outdir/console.txt" || rc=$?
	if [ "$rc" = 2 ] && [ "$made_outdir" = 1 ]; then
		rm -rf -- "$outdir"
	fi
	[ "$rc" = 0 ] || exit "$rc"
	echo "== wrote cold.json, cold.html and console.txt into $outdir" >&2
	exit 0
fi
args=("${run_args[@]}" -count "$count")
if [ "$second" = 1 ]; then
	mv -f -- "$tmp/bin/pingpong.new" "$outdir/pingpong.new"
	args+=(-build "base=$outdir/pingpong" -build "new=$outdir/pingpong.new")
fi
echo "== built pingpong into $outdir" >&2
[ -n "$duration" ] && args+=(-duration "$duration")
[ -n "$procs" ] && args+=(-procs "$procs")
args+=("${extra[@]}")

# The run: its console report shown and kept in console.txt. Exit 1 means
# some scenario ended in error after every file was written: the script
# goes on and says so at the end. Exit 2 (bad usage, such as a flag after
# --) measured nothing, so a directory made for it goes too; a signal's
# status stops the script at once, with it.
failed=() # what went wrong, said last
rc=0
{
	# What each build holds, then the run's console report.
	[ ! -f "$tmp/builds.txt" ] || cat "$tmp/builds.txt"
	"$outdir/pingpong" "${args[@]}" -json "$outdir/results.json" -bench "$outdir/bench.txt" -csv "$outdir/results.csv" \
		-html "$outdir/report.html"
} | tee "$outdir/console.txt" || rc=$?
case $rc in
0) ;;
1) failed+=("some scenarios ended in error; see console.txt") ;;
2)
	[ "$made_outdir" = 0 ] || rm -rf -- "$outdir"
	exit 2
	;;
*) exit "$rc" ;;
esac

written="results.json, bench.txt, results.csv, report.html and console.txt"
if [ "$second" = 1 ]; then
	echo
	echo "== pingpong compare: base against new"
	# compare exits 1 when the --fail gate fails: everything is written by
	# then, and the exit status says so.
	rc=0
	"$outdir/pingpong" compare "${gate[@]}" "$outdir/results.json" | tee "$outdir/compare.txt" || rc=$?
	if [ "$rc" = 1 ] && [ "${#gate[@]}" -gt 0 ]; then
		failed+=("the --fail gate failed; see compare.txt")
	elif [ "$rc" != 0 ]; then
		exit "$rc"
	fi
	written="results.json, bench.txt, results.csv, report.html, console.txt and compare.txt"
fi
echo "== wrote $written into $outdir" >&2
for f in "${failed[@]}"; do
	echo "$prog: $f" >&2
done
[ "${#failed[@]}" = 0 ]
