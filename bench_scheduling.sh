#!/usr/bin/env bash
# bench_scheduling.sh: the scheduler responsiveness check as a matrix, as
# in the Erlang original: build pingpong once, run it, collect the result
# files. With --version or --replace (or SONIC_ROOT) it builds a second
# pingpong against another version of a codec's library, runs both on the
# same scenarios, alternating, and compares them. Run it from anywhere.
set -euo pipefail

prog=bench_scheduling.sh

usage() {
	cat <<'EOF'
usage: bench_scheduling.sh [options] [-- pingpong flags...]

Builds pingpong, runs the scheduler responsiveness check and writes
results.json, bench.txt, results.csv and report.html (plus console.txt)
into runs/<timestamp>/ at the repository root, printing the console
report as it goes.

options:
  --compare CODECS     codecs to run, comma separated (default: all; see pingpong -list)
  -i, --input NAME     input to run: a built-in corpus, a NAME in --data, or a file;
                       repeatable (default: citm-catalog)
  --all-inputs         every built-in corpus, or with --data every *.json in it
  --data DIR           where named inputs are looked up first ($PINGPONG_DATA)
  --duration D         measured window of each scenario (pingpong -duration, e.g. 2s)
  --procs LIST         GOMAXPROCS, or a sweep like 1,2,4 (pingpong -procs)
  --count N            repeats of every scenario (pingpong -count; 3 or more lets
                       compare test significance)
  -o, --out DIR        write the files into DIR instead of runs/<timestamp>
  --version MOD@VER    also build pingpong with that version of a codec's module
                       (go get in a temporary copy; your go.mod is never touched)
  --replace MOD=PATH   also build pingpong with a replace of MOD by the checkout
                       at PATH; repeatable. SONIC_ROOT=PATH means
                       --replace github.com/bytedance/sonic=PATH
  -h, --help           this text

Anything after -- goes to every pingpong run as it is (e.g. -- -warmup 1s).

With a second build, both run every codec one at a time, alternating
(base, new, then new, base on the next repeat), so that drift over the run
hits both alike. The base's files are results.json, bench.txt and
results.csv, the second build's results.new.json, bench.new.txt and
results.new.csv; compare.txt is `pingpong compare` of the two and
report.html shows both.
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

codecs_arg="" inputs=() all_inputs=0 data="" duration="" procs="" count=1 outdir="" version="" replaces=() extra=()
need_value() {
	[ "$#" -ge 2 ] || usage_error "$1 needs a value (see --help)"
}
while [ "$#" -gt 0 ]; do
	case "$1" in
	-h | --help)
		usage
		exit 0
		;;
	--compare) need_value "$@"; codecs_arg=$2; shift 2 ;;
	--compare=*) codecs_arg=${1#*=}; shift ;;
	-i | --input) need_value "$@"; inputs+=("$2"); shift 2 ;;
	--input=*) inputs+=("${1#*=}"); shift ;;
	--all-inputs) all_inputs=1; shift ;;
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
	--version) need_value "$@"; version=$2; shift 2 ;;
	--version=*) version=${1#*=}; shift ;;
	--replace) need_value "$@"; replaces+=("$2"); shift 2 ;;
	--replace=*) replaces+=("${1#*=}"); shift ;;
	--)
		shift
		extra=("$@")
		break
		;;
	*) usage_error "unknown option $1 (see --help)" ;;
	esac
done

[[ $count =~ ^[1-9][0-9]*$ ]] || usage_error "--count $count: must be a whole number from 1"
if [ -n "$version" ] && [[ ! $version =~ ^[^@=[:space:]]+@[^@[:space:]]+$ ]]; then
	usage_error "--version $version: want MODULE@VERSION, like github.com/bytedance/sonic@v1.14.2"
fi
if [ -n "${SONIC_ROOT:-}" ]; then
	replaces+=("github.com/bytedance/sonic=$SONIC_ROOT")
fi
# A replace's path is the user's, relative to where they stand; the second
# build happens elsewhere, so it becomes absolute here.
for i in "${!replaces[@]}"; do
	r=${replaces[$i]}
	mod=${r%%=*} dir=${r#*=}
	if [ "$mod" = "$r" ] || [ -z "$mod" ] || [ -z "$dir" ]; then
		usage_error "--replace $r: want MODULE=PATH"
	fi
	[ -f "$dir/go.mod" ] || usage_error "--replace $r: $dir holds no go.mod (a module checkout is needed)"
	replaces[i]="$mod=$(cd -- "$dir" && pwd)"
done
if [ -n "$data" ]; then
	[ -d "$data" ] || usage_error "--data $data: not a directory"
	data=$(cd -- "$data" && pwd)
	export PINGPONG_DATA=$data
fi

command -v go >/dev/null 2>&1 || fail "Go is not installed or not on PATH: install Go $(sed -n 's/^go //p' "$root/go.mod") or newer from https://go.dev/dl/"

if [ -z "$outdir" ]; then
	outdir=$root/runs/$(date +%Y%m%d-%H%M%S)
fi
mkdir -p -- "$outdir" || fail "cannot create the output directory $outdir"
outdir=$(cd -- "$outdir" && pwd)

base=$outdir/pingpong
echo "== building pingpong into $base" >&2
(cd -- "$root" && go build -o "$base" ./cmd/pingpong) || fail "building pingpong failed (see above)"

# Codecs and inputs: "all" is what this build registers.
list=$("$base" -list)
if [ -n "$codecs_arg" ]; then
	IFS=, read -r -a codecs <<<"$codecs_arg"
else
	mapfile -t codecs < <(awk '/^codecs:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }' <<<"$list")
fi
if [ "$all_inputs" = 1 ]; then
	inputs=()
	if [ -n "$data" ]; then
		for f in "$data"/*.json; do
			[ -e "$f" ] && inputs+=("$f")
		done
		[ "${#inputs[@]}" -gt 0 ] || usage_error "--data $data: no *.json files in it"
	else
		mapfile -t inputs < <(awk '/^built-in inputs/ { on = 1; next } on && NF { print $1 }' <<<"$list")
	fi
elif [ "${#inputs[@]}" -eq 0 ]; then
	inputs=(citm-catalog)
fi

args=(-input "$(IFS=,; echo "${inputs[*]}")")
[ -n "$duration" ] && args+=(-duration "$duration")
[ -n "$procs" ] && args+=(-procs "$procs")
args+=("${extra[@]}")

# labels prints a build's codecs as name@version, one a line.
labels() {
	"$1" -list | awk '/^codecs:/ { on = 1; next } /^$/ { on = 0 } on { print $1 "@" $2 }'
}

if [ -z "$version" ] && [ "${#replaces[@]}" -eq 0 ]; then
	"$base" "${args[@]}" -impls "$(IFS=,; echo "${codecs[*]}")" -count "$count" \
		-json "$outdir/results.json" -bench "$outdir/bench.txt" -csv "$outdir/results.csv" \
		-html "$outdir/report.html" | tee "$outdir/console.txt"
	echo "== wrote results.json, bench.txt, results.csv, report.html and console.txt into $outdir" >&2
	exit 0
fi

# The second build: a copy of the module (no .git, no results), changed
# there with go get or go mod edit, so the user's go.mod stays as it is.
# GOTOOLCHAIN=local: a version that needs a newer Go is reported, not
# answered with a toolchain download.
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
mkdir -p "$tmp/src"
tar -C "$root" --exclude=./.git --exclude=./runs -cf - . | tar -C "$tmp/src" -xf -
export GOTOOLCHAIN=local

# explain turns a failed go command's stderr into one line.
explain() {
	local what=$1 errfile=$2 need
	need=$(grep -oE 'requires go >= ?[0-9][0-9.a-z]*' "$errfile" | head -n1 | grep -oE '[0-9][0-9.a-z]*$' || true)
	if [ -n "$need" ]; then
		fail "$what needs Go $need, this machine has $(go env GOVERSION): install a newer Go, or pick an older version"
	fi
	if grep -qiE 'unknown revision|invalid version|no matching versions|not found|not available|410 Gone|404 Not Found|403 Forbidden|malformed module path' "$errfile"; then
		fail "$what is not served by the module proxy ($(go env GOPROXY)): check the module path and version (go list -m -versions MODULE)"
	fi
	# go's verdict is its first "go: " line; what follows is detail.
	fail "$what failed: $({ grep -m1 '^go: ' "$errfile" || grep -v '^[[:space:]]*$' "$errfile" | tail -n1; } | sed 's/^go: //')"
}

newdesc=()
if [ -n "$version" ]; then
	echo "== go get $version (in a temporary copy of the module)" >&2
	(cd "$tmp/src" && go get "$version") 2>"$tmp/err" || explain "go get $version" "$tmp/err"
	newdesc+=("$version")
fi
for r in "${replaces[@]}"; do
	mod=${r%%=*}
	(cd "$tmp/src" && go list -m "$mod") >/dev/null 2>&1 || usage_error "--replace $r: $mod is not a module pingpong uses (see go.mod)"
	(cd "$tmp/src" && go mod edit -replace "$r") || fail "go mod edit -replace $r failed"
	newdesc+=("$mod => ${r#*=}")
done
new=$outdir/pingpong.new
echo "== building the second pingpong ($(IFS=,; echo "${newdesc[*]}")) into $new" >&2
(cd "$tmp/src" && go build -mod=mod -o "$new" ./cmd/pingpong) 2>"$tmp/err" || explain "building with $(IFS=,; echo "${newdesc[*]}")" "$tmp/err"

# The codecs whose version differs are what the comparison is about;
# each build goes by them: sonic@v1.14.2 against sonic@(devel).
changed_base=$(comm -23 <(labels "$base" | sort) <(labels "$new" | sort) | paste -sd' ' -)
changed_new=$(comm -13 <(labels "$base" | sort) <(labels "$new" | sort) | paste -sd' ' -)
if [ -z "$changed_new" ]; then
	echo "$prog: note: both builds have the same codec versions; the comparison shows noise only" >&2
	changed_base="base" changed_new="new"
fi
echo "== base: $changed_base    new: $changed_new" >&2

parts=$outdir/parts
mkdir -p "$parts"
: >"$outdir/console.txt"
for ((rep = 1; rep <= count; rep++)); do
	order="base new"
	((rep % 2 == 0)) && order="new base"
	for codec in "${codecs[@]}"; do
		for side in $order; do
			bin=$base label=$changed_base
			if [ "$side" = new ]; then
				bin=$new label=$changed_new
			fi
			echo "== $side ($label): $codec, repeat $rep of $count" | tee -a "$outdir/console.txt"
			"$bin" "${args[@]}" -impls "$codec" -count 1 -json "$parts/$side-$codec-$rep.json" | tee -a "$outdir/console.txt"
		done
	done
done

merge() {
	local side=$1 suffix=$2
	"$base" merge -json "$outdir/results$suffix.json" -bench "$outdir/bench$suffix.txt" -csv "$outdir/results$suffix.csv" \
		"$parts/$side"-*.json >"$outdir/console$suffix.merged.txt"
}
merge base ""
merge new ".new"
echo
echo "== pingpong compare: base ($changed_base) against new ($changed_new)"
"$base" compare "$outdir/results.json" "$outdir/results.new.json" | tee "$outdir/compare.txt"
"$base" report -html "$outdir/report.html" "$outdir/results.json" "$outdir/results.new.json"
echo "== wrote results.json, bench.txt, results.csv (base), results.new.json, bench.new.txt, results.new.csv (new), compare.txt and report.html into $outdir" >&2
