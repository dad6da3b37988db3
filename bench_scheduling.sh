#!/usr/bin/env bash
# bench_scheduling.sh: the scheduler responsiveness check as a matrix, as
# in the Erlang original: build pingpong once, run it, collect the result
# files. With --version, --replace (or SONIC_ROOT) or --goexperiment it
# builds a second pingpong (another version of a codec's library, or the
# same code under a GOEXPERIMENT), runs both on the same scenarios,
# alternating, and compares them. --add turns any library with an
# encoding/json-like Marshal and Unmarshal into a codec of the build.
# Run it from anywhere.
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
  --add NAME=MODULE[@VERSION][:IMPORT_PATH]
  --add NAME=PATH[:IMPORT_PATH]
                       also run the library MODULE (or the checkout at PATH) as
                       codec NAME: pingpong is built with a generated codec that
                       calls the package's Marshal(v) and Unmarshal(data, &v);
                       IMPORT_PATH when that package is not the module's root.
                       NAME: lowercase letters, digits and '-'. Repeatable.
                       Without @VERSION: the version pingpong already uses, else
                       the latest. (A temporary copy; your go.mod is never touched.)
  --version MOD@VER    also build pingpong with that version of a codec's module
                       (go get in a temporary copy; your go.mod is never touched)
  --replace MOD=PATH   also build pingpong with a replace of MOD by the checkout
                       at PATH; repeatable. SONIC_ROOT=PATH means
                       --replace github.com/bytedance/sonic=PATH
  --goexperiment NAME  also build pingpong with GOEXPERIMENT=NAME (e.g. jsonv2:
                       std becomes encoding/json on the v2 implementation, and
                       codec stdv2, encoding/json/v2, is there)
  --fail EXPR          with a second build: gate its comparison (pingpong compare
                       -fail EXPR, e.g. 'p99>+10%,rt/s<-5%') and exit 1 when a
                       scenario got worse than EXPR allows
  -h, --help           this text

Anything after -- goes to every pingpong run as it is (e.g. -- -warmup 1s).

With a second build, both run every codec one at a time, alternating
(base, new, then new, base on the next repeat), so that drift over the run
hits both alike; a codec only one build has runs there alone. The base's
files are results.json, bench.txt and results.csv, the second build's
results.new.json, bench.new.txt and results.new.csv; compare.txt is
`pingpong compare` of the two and report.html shows both.

Exit status: 0; 1 when some scenario ended in error (every run and the
comparison still happen; console.txt says which), a build failed, or the
--fail gate failed (compare.txt says why); 2 for bad usage, including an
--add that cannot be fetched or built and a --fail EXPR pingpong refuses.
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

codecs_arg="" inputs=() all_inputs=0 data="" duration="" procs="" count=1 outdir="" version="" replaces=() adds=() goexperiment="" extra=()
gate=() # -fail EXPR for the final compare, when --fail is given
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
	--add) need_value "$@"; adds+=("$2"); shift 2 ;;
	--add=*) adds+=("${1#*=}"); shift ;;
	--goexperiment) need_value "$@"; goexperiment=$2; shift 2 ;;
	--goexperiment=*) goexperiment=${1#*=}; shift ;;
	--fail) need_value "$@"; gate=(-fail "$2"); shift 2 ;;
	--fail=*) gate=(-fail "${1#*=}"); shift ;;
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
if [ "${#gate[@]}" -gt 0 ] && [ -z "$version" ] && [ "${#replaces[@]}" -eq 0 ] && [ -z "$goexperiment" ]; then
	usage_error "--fail gates the comparison of two builds: give --version, --replace, SONIC_ROOT or --goexperiment too"
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

# --add NAME=SPEC, parsed into parallel arrays: the codec's name, the
# module, the version asked ("" = keep or latest), the package imported and
# the local checkout ("" = fetched). Everything that needs no go command is
# checked here, before any build.
add_specs=() add_names=() add_mods=() add_vers=() add_pkgs=() add_dirs=()
# Module and import paths end up in generated Go source; these characters
# are what module paths may hold, so nothing can break out of a string.
path_re='^[A-Za-z0-9._~+/-]+$'
for spec in "${adds[@]}"; do
	name=${spec%%=*} rest=${spec#*=}
	if [ "$name" = "$spec" ] || [ -z "$rest" ]; then
		usage_error "--add $spec: want NAME=MODULE[@VERSION][:IMPORT_PATH] or NAME=PATH (a local checkout)"
	fi
	[[ $name =~ ^[a-z0-9][a-z0-9-]*$ ]] || usage_error "--add $spec: codec name \"$name\" is malformed: use lowercase letters, digits and '-' (like oj or go-json2)"
	for n in "${add_names[@]}"; do
		[ "$n" != "$name" ] || usage_error "--add $spec: codec name $name is given twice"
	done
	target=$rest pkg=""
	if [[ $rest == *:* ]]; then
		target=${rest%%:*} pkg=${rest#*:}
		[ -n "$pkg" ] || usage_error "--add $spec: empty IMPORT_PATH after ':'"
	fi
	mod="" ver="" dir=""
	case $target in
	/* | ./* | ../* | . | .. | "~"/*)
		dir=${target/#\~/$HOME}
		[ -f "$dir/go.mod" ] || usage_error "--add $spec: $dir holds no go.mod (a module checkout is needed)"
		dir=$(cd -- "$dir" && pwd)
		mod=$(sed -n 's/^module[[:space:]]\{1,\}"\{0,1\}\([^"[:space:]]*\).*/\1/p' "$dir/go.mod" | head -n1)
		[[ $mod =~ $path_re ]] || usage_error "--add $spec: $dir/go.mod names no module path"
		;;
	*)
		mod=${target%%@*}
		[ "$mod" = "$target" ] || ver=${target#*@}
		[[ $mod =~ $path_re ]] || usage_error "--add $spec: \"$mod\" is not a module path (want NAME=MODULE[@VERSION][:IMPORT_PATH], or NAME=/path/to/checkout)"
		if [[ $target == *@* ]] && [[ ! $ver =~ ^[A-Za-z0-9._+-]+$ ]]; then
			usage_error "--add $spec: \"$ver\" is not a version (want a tag like v1.2.3, a commit or latest)"
		fi
		;;
	esac
	pkg=${pkg:-$mod}
	[[ $pkg =~ $path_re ]] || usage_error "--add $spec: \"$pkg\" is not an import path"
	if [ "$pkg" != "$mod" ] && [[ $pkg != "$mod"/* ]]; then
		usage_error "--add $spec: $pkg is not in module $mod (IMPORT_PATH is $mod or a package under it)"
	fi
	add_specs+=("$spec") add_names+=("$name") add_mods+=("$mod") add_vers+=("$ver") add_pkgs+=("$pkg") add_dirs+=("$dir")
done
if [ -n "$goexperiment" ] && [[ ! $goexperiment =~ ^[A-Za-z0-9,]+$ ]]; then
	usage_error "--goexperiment $goexperiment: want an experiment name like jsonv2 (or a comma list)"
fi

command -v go >/dev/null 2>&1 || fail "Go is not installed or not on PATH: install Go $(sed -n 's/^go //p' "$root/go.mod") or newer from https://go.dev/dl/"

# Builds go to a temporary directory, and the output directory is made only
# once every build has worked: a failed start leaves nothing behind.
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
mkdir -p "$tmp/bin"

# An unknown experiment fails every go command; saying so now saves a build.
if [ -n "$goexperiment" ] && ! GOEXPERIMENT=$goexperiment go env GOVERSION >/dev/null 2>"$tmp/err"; then
	usage_error "--goexperiment $goexperiment: $(grep -m1 . "$tmp/err" | sed 's/^go: //')"
fi

# copy_module copies the module (no .git, no results) to $2 from $1, so that
# go get and go mod edit change the copy, never the user's go.mod.
copy_module() {
	mkdir -p "$2"
	tar -C "$1" --exclude=./.git --exclude=./runs -cf - . | tar -C "$2" -xf -
}

# first_go_line is a failed go command's verdict: its first "go: " line
# that is not progress (finding, downloading, ...), else its last line,
# without the "go: ".
first_go_line() {
	{ grep -vE '^go: (finding|downloading|found|added|upgraded|downgraded|extracting) ' "$1" | grep -m1 '^go: ' ||
		grep -v '^[[:space:]]*$' "$1" | tail -n1; } | sed 's/^go: //'
}

# needs_go prints the Go version a failed go command asked for, if that was
# its complaint.
needs_go() {
	grep -oE 'requires go >= ?[0-9][0-9.a-z]*' "$1" | head -n1 | grep -oE '[0-9][0-9.a-z]*$' || true
}

# explain turns a failed go command's stderr into one line.
explain() {
	local what=$1 errfile=$2 need
	need=$(needs_go "$errfile")
	if [ -n "$need" ]; then
		fail "$what needs Go $need, this machine has $(go env GOVERSION): install a newer Go, or pick an older version"
	fi
	if grep -qiE 'unknown revision|invalid version|no matching versions|not found|not available|410 Gone|404 Not Found|403 Forbidden|malformed module path' "$errfile"; then
		fail "$what is not served by the module proxy ($(go env GOPROXY)): check the module path and version (go list -m -versions MODULE)"
	fi
	# go's verdict is its first "go: " line; what follows is detail.
	fail "$what failed: $(first_go_line "$errfile")"
}

base_src=$root
if [ "${#adds[@]}" -gt 0 ]; then
	# Versions that need a newer Go are reported, not answered with a
	# toolchain download.
	export GOTOOLCHAIN=local
	base_src=$tmp/base
	copy_module "$root" "$base_src"
	gen=$base_src/cmd/pingpong/bench_added_codecs.go
	gen_lines=() # per line of $gen: "i kind" where a compile error there blames --add i

	# add_fail reports a failed --add in one line: the user's input is what
	# is wrong (a module, version or package), so the status is 2.
	add_fail() {
		usage_error "--add ${add_specs[$1]}: $2"
	}
	# add_go_fail explains a go command's failure for --add $1 ($3: what it did).
	add_go_fail() {
		local i=$1 errfile=$2 what=$3 need line
		need=$(needs_go "$errfile")
		[ -z "$need" ] || add_fail "$i" "$what needs Go $need, this machine has $(go env GOVERSION)"
		line=$(first_go_line "$errfile")
		# go repeats the module@version the line is about; the spec said it.
		line=${line#"${add_mods[$i]}@${add_vers[$i]}: "}
		line=${line#"module ${add_mods[$i]}: "}
		add_fail "$i" "$what: $line"
	}

	aliases=()
	for i in "${!add_names[@]}"; do
		mod=${add_mods[$i]} ver=${add_vers[$i]} dir=${add_dirs[$i]} pkg=${add_pkgs[$i]}
		if [ -n "$dir" ]; then
			# A checkout: replace whatever version is required by it, and
			# require one if pingpong does not use the module yet.
			if ! (cd "$base_src" && go list -m "$mod") >/dev/null 2>&1; then
				(cd "$base_src" && go mod edit -require="$mod@v0.0.0-00010101000000-000000000000") 2>"$tmp/err" || add_go_fail "$i" "$tmp/err" "go mod edit"
			fi
			(cd "$base_src" && go mod edit -replace="$mod=$dir") 2>"$tmp/err" || add_go_fail "$i" "$tmp/err" "go mod edit -replace $mod=$dir"
		else
			# Without a version, a module pingpong already uses keeps its
			# version (its built-in codec measures that one); any other
			# gets the latest.
			if [ -z "$ver" ] && (cd "$base_src" && go list -m "$mod") >/dev/null 2>&1; then
				:
			else
				add_vers[i]=${ver:-latest} ver=${ver:-latest}
				echo "== go get $mod@$ver (for --add ${add_names[$i]}, in a temporary copy of the module)" >&2
				(cd "$base_src" && go get "$mod@$ver") 2>"$tmp/err" || add_go_fail "$i" "$tmp/err" "cannot fetch $mod@$ver"
				# A module pingpong uses that moved changes the built-in
				# codecs too: say so.
				grep -E '^go: (upgraded|downgraded) ' "$tmp/err" | sed "s/^go: /$prog: note: --add ${add_names[$i]}: /" >&2 || true
			fi
		fi
		# The package must exist and be importable; its name is the
		# identifier users write (y.Marshal), and its module is the one whose
		# version the build info has (MODULE may have been a package path).
		info=$(cd "$base_src" && go list -mod=mod -f '{{.Name}} {{with .Module}}{{.Path}}{{end}}' "$pkg" 2>"$tmp/err") || add_go_fail "$i" "$tmp/err" "no package $pkg"
		read -r pkgname pkgmod <<<"$info"
		[ "$pkgname" != main ] || add_fail "$i" "$pkg is a program (package main), not a library"
		[ -z "${pkgmod:-}" ] || add_mods[i]=$pkgmod
		# The import's name must not hide another import or a name the
		# generated file uses (a package may be called any, or v).
		alias=$pkgname
		for a in pingpong any byte error v data c m u name module desc addedCodec registerAdded "${aliases[@]}"; do
			[ "$a" != "$alias" ] || alias=$pkgname$i
		done
		aliases+=("$alias")
	done

	# The generated codec: the package's own Marshal and Unmarshal, called
	# as users call them. Unmarshal gets the pointer to the target (*any, or
	# *T with -target struct), as in y.Unmarshal(data, &v). Each call has a
	# line of its own, so that a compile error names the call it is about.
	emit() {
		printf '%s\n' "$1" >>"$gen"
		gen_lines+=("${2:-}")
	}
	: >"$gen"
	emit "// Code generated by bench_scheduling.sh --add; DO NOT EDIT."
	emit ""
	emit "package main"
	emit ""
	emit "import ("
	emit "	\"pingpong/pingpong\""
	emit ""
	for i in "${!add_names[@]}"; do
		emit "	${aliases[$i]} \"${add_pkgs[$i]}\""
	done
	emit ")"
	emit ""
	emit "// addedCodec is a library's package-level Marshal and Unmarshal."
	emit "type addedCodec struct {"
	emit "	marshal   func(any) ([]byte, error)"
	emit "	unmarshal func([]byte, any) error"
	emit "}"
	emit ""
	emit "func (c addedCodec) Marshal(v any) ([]byte, error)      { return c.marshal(v) }"
	emit "func (c addedCodec) Unmarshal(data []byte, v any) error { return c.unmarshal(data, v) }"
	emit ""
	emit "// registerAdded registers a codec. module is what Impl.Version looks up in"
	emit "// the build info: the version go get chose, or (devel) for a checkout."
	emit "func registerAdded(name, module, desc string, m func(any) ([]byte, error), u func([]byte, any) error) {"
	emit "	c := addedCodec{m, u}"
	emit "	pingpong.Register(pingpong.Impl{Name: name, Module: module, Desc: desc,"
	emit "		New: func([]byte) (pingpong.Codec, error) { return c, nil }})"
	emit "}"
	emit ""
	emit "func init() {"
	for i in "${!add_names[@]}"; do
		a=${aliases[$i]}
		emit "	registerAdded(\"${add_names[$i]}\", \"${add_mods[$i]}\", \"${add_pkgs[$i]}: Marshal, Unmarshal (bench_scheduling.sh --add)\","
		emit "		func(v any) ([]byte, error) { return $a.Marshal(v) }," "$i Marshal(any) ([]byte, error)"
		emit "		func(data []byte, v any) error { return $a.Unmarshal(data, v) })" "$i Unmarshal([]byte, any) error"
	done
	emit "}"
fi

# add_build_fail explains a failed build of the generated codecs: a compile
# error on one of their calls means the package lacks that function in a
# usable form; anything else is go's own verdict.
add_build_fail() {
	local errfile=$1 hit ln msg i kind detail names need
	hit=$(grep -m1 -E 'bench_added_codecs\.go:[0-9]+:[0-9]+: ' "$errfile" || true)
	if [ -n "$hit" ]; then
		ln=$(sed -E 's/.*bench_added_codecs\.go:([0-9]+):.*/\1/' <<<"$hit")
		msg=$(sed -E 's/.*bench_added_codecs\.go:[0-9]+:[0-9]+: //' <<<"$hit")
		# go types puts "have (...)" and "want (...)" on tab-indented lines.
		detail=$(grep -A3 -F "$hit" "$errfile" | tail -n +2 | sed -n 's/^\t\(.*\)/\1/p' | paste -sd';' - | sed 's/;/; /g')
		[ -z "$detail" ] || msg="$msg; $detail"
		read -r i kind <<<"${gen_lines[$((ln - 1))]:-}"
		if [ -n "${i:-}" ]; then
			add_fail "$i" "package ${add_pkgs[$i]} has no usable $kind: $msg"
		fi
		usage_error "--add: the generated codecs do not compile: $msg"
	fi
	names=$(IFS=,; echo "${add_names[*]}")
	need=$(needs_go "$errfile")
	[ -z "$need" ] || usage_error "--add $names: building needs Go $need, this machine has $(go env GOVERSION)"
	# The first line that is neither progress, a package heading (#) nor
	# detail (indented) is the compiler's or go's verdict.
	usage_error "--add $names: building pingpong with it failed: $(grep -vE '^go: (finding|downloading|found|added|extracting) ' "$errfile" | grep -m1 -E '^[^#[:space:]]' | sed 's/^go: //' || first_go_line "$errfile")"
}

# list_codecs writes a build's -list to $2. A --add NAME that is a built-in
# codec's makes the registry panic as the binary starts: that is told here.
list_codecs() {
	local bin=$1 clash
	"$bin" -list >"$2" 2>"$tmp/err" && return 0
	clash=$(sed -n 's/^panic: pingpong: codec registered twice: \([a-z0-9-]*\).*/\1/p' "$tmp/err" | head -n1)
	for i in "${!add_names[@]}"; do
		[ "${add_names[$i]}" = "$clash" ] || continue
		if grep -q 'a codec of other builds' "$tmp/err"; then
			add_fail "$i" "$clash is the name of a built-in codec of other builds of pingpong ($(sed -n 's/.*a codec of other builds: it \(needs [^(]*\) (.*/\1/p' "$tmp/err" | head -n1 | sed 's/ *$//')); pick another NAME"
		fi
		add_fail "$i" "$clash is a built-in codec; pick another NAME (see pingpong -list)"
	done
	fail "pingpong -list failed: $(grep -m1 . "$tmp/err")"
}

base_bin=$tmp/bin/pingpong
if [ "${#adds[@]}" -gt 0 ]; then
	echo "== building pingpong with --add $(IFS=,; echo "${add_names[*]}")" >&2
	(cd -- "$base_src" && go build -mod=mod -o "$base_bin" ./cmd/pingpong) 2>"$tmp/err" || add_build_fail "$tmp/err"
else
	echo "== building pingpong" >&2
	(cd -- "$root" && go build -o "$base_bin" ./cmd/pingpong) || fail "building pingpong failed (see above)"
fi
list_codecs "$base_bin" "$tmp/base.list"
# A --fail EXPR pingpong refuses is told now, not after the second build and
# the whole matrix: compare checks -fail before it looks for files.
if [ "${#gate[@]}" -gt 0 ]; then
	said=$("$base_bin" compare "${gate[@]}" 2>&1 >/dev/null || true)
	if [[ $said == "pingpong compare: -fail "* ]]; then
		usage_error "-${said#"pingpong compare: "}"
	fi
fi

# The second build: a copy of the module as the base was built (no .git,
# no results; with the --add codecs), changed there with go get or go mod
# edit, or built under a GOEXPERIMENT. GOTOOLCHAIN=local: a version that
# needs a newer Go is reported, not answered with a toolchain download.
second=0
if [ -n "$version" ] || [ "${#replaces[@]}" -gt 0 ] || [ -n "$goexperiment" ]; then
	second=1
fi
if [ "$second" = 1 ]; then
	copy_module "$base_src" "$tmp/src"
	export GOTOOLCHAIN=local
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
	# The experiment is for this build alone; the base keeps the
	# environment's (normally none).
	experiment=${GOEXPERIMENT:-}
	if [ -n "$goexperiment" ]; then
		experiment=$goexperiment
		newdesc+=("GOEXPERIMENT=$goexperiment")
	fi
	echo "== building the second pingpong ($(IFS=,; echo "${newdesc[*]}"))" >&2
	(cd "$tmp/src" && GOEXPERIMENT=$experiment go build -mod=mod -o "$tmp/bin/pingpong.new" ./cmd/pingpong) 2>"$tmp/err" ||
		explain "building with $(IFS=,; echo "${newdesc[*]}")" "$tmp/err"
	list_codecs "$tmp/bin/pingpong.new" "$tmp/new.list"
fi

# names prints a build's codecs, one a line, from its -list.
names() {
	awk '/^codecs:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }' "$1"
}
# has_codec says whether the -list in $1 has codec $2.
has_codec() {
	[[ $'\n'$(names "$1")$'\n' == *$'\n'"$2"$'\n'* ]]
}

# Codecs: "all" is what the builds register (a codec of the second build
# alone, such as stdv2 under GOEXPERIMENT=jsonv2, included); the --add
# codecs join whatever was chosen.
if [ -n "$codecs_arg" ]; then
	IFS=, read -r -a codecs <<<"$codecs_arg"
else
	mapfile -t codecs < <(names "$tmp/base.list")
	if [ "$second" = 1 ]; then
		while read -r c; do
			has_codec "$tmp/base.list" "$c" || codecs+=("$c")
		done < <(names "$tmp/new.list")
	fi
fi
for n in "${add_names[@]}"; do
	for c in "${codecs[@]}"; do
		[ "$c" != "$n" ] || continue 2
	done
	codecs+=("$n")
done
# A codec no build has is refused now, in pingpong's words when it has
# some (stdv2: which build has it), before any directory is made.
for c in "${codecs[@]}"; do
	has_codec "$tmp/base.list" "$c" && continue
	[ "$second" = 1 ] && has_codec "$tmp/new.list" "$c" && continue
	# -input "" stops pingpong right after it has looked the codecs up.
	said=$("$base_bin" -impls "$c" -input "" 2>&1 >/dev/null || true)
	if [[ $said == "pingpong: -impls: "* ]]; then
		usage_error "--compare: ${said#"pingpong: -impls: "}"
	fi
	usage_error "--compare: $c is not a codec of this build (see pingpong -list)"
done

if [ "$all_inputs" = 1 ]; then
	inputs=()
	if [ -n "$data" ]; then
		for f in "$data"/*.json; do
			[ -e "$f" ] && inputs+=("$f")
		done
		[ "${#inputs[@]}" -gt 0 ] || usage_error "--data $data: no *.json files in it"
	else
		mapfile -t inputs < <(awk '/^built-in inputs/ { on = 1; next } on && NF { print $1 }' "$tmp/base.list")
	fi
elif [ "${#inputs[@]}" -eq 0 ]; then
	inputs=(citm-catalog)
fi

args=(-input "$(IFS=,; echo "${inputs[*]}")")
[ -n "$duration" ] && args+=(-duration "$duration")
[ -n "$procs" ] && args+=(-procs "$procs")
args+=("${extra[@]}")

# Every build worked: now the output directory, with the binaries in it.
if [ -z "$outdir" ]; then
	outdir=$root/runs/$(date +%Y%m%d-%H%M%S)
fi
made_outdir=0
[ -d "$outdir" ] || made_outdir=1
mkdir -p -- "$outdir" || fail "cannot create the output directory $outdir"
outdir=$(cd -- "$outdir" && pwd)
base=$outdir/pingpong
mv -f -- "$base_bin" "$base"
echo "== built pingpong into $base" >&2
: >"$outdir/console.txt"

# run_pingpong runs one pingpong, its console report shown and kept in
# console.txt. Exit 1 means some scenario ended in error after every file
# was written: the matrix goes on and the script says so at the end. Exit 2
# (bad usage) or a signal's status stops the script at once, with it; bad
# usage in the first run (a flag after --) measured nothing, so a directory
# made for it goes too.
scenario_errors=0 gate_failed=0 runs=0
run_pingpong() {
	local rc=0
	"$@" | tee -a "$outdir/console.txt" || rc=$?
	runs=$((runs + 1))
	case $rc in
	0) ;;
	1) scenario_errors=1 ;;
	2)
		if [ "$runs" = 1 ] && [ "$made_outdir" = 1 ]; then
			rm -rf -- "$outdir"
		fi
		exit 2
		;;
	*) exit "$rc" ;;
	esac
}
finish() {
	local status=0
	if [ "$scenario_errors" = 1 ]; then
		echo "$prog: some scenarios ended in error; see console.txt" >&2
		status=1
	fi
	if [ "$gate_failed" = 1 ]; then
		echo "$prog: the --fail gate failed; see compare.txt" >&2
		status=1
	fi
	exit "$status"
}

if [ "$second" = 0 ]; then
	run_pingpong "$base" "${args[@]}" -impls "$(IFS=,; echo "${codecs[*]}")" -count "$count" \
		-json "$outdir/results.json" -bench "$outdir/bench.txt" -csv "$outdir/results.csv" \
		-html "$outdir/report.html"
	echo "== wrote results.json, bench.txt, results.csv, report.html and console.txt into $outdir" >&2
	finish
fi

new=$outdir/pingpong.new
mv -f -- "$tmp/bin/pingpong.new" "$new"
echo "== built the second pingpong into $new" >&2

# changed prints the codecs both builds have whose version differs, as
# name@version of the build whose -list is $1.
changed() {
	awk 'FNR == 1 { f++; on = 0 } /^codecs:/ { on = 1; next } /^$/ { on = 0 }
		on && f == 1 { mine[$1] = $2; order[++n] = $1 } on && f == 2 { other[$1] = $2 }
		END { for (i = 1; i <= n; i++) { k = order[i]; if ((k in other) && other[k] != mine[k]) printf "%s%s@%s", (c++ ? " " : ""), k, mine[k] } }' "$1" "$2"
}
# The codecs whose version differs are what the comparison is about; each
# build goes by them: sonic@v1.14.2 against sonic@(devel). An experiment
# changes no module version: it names the second build itself.
changed_base=$(changed "$tmp/base.list" "$tmp/new.list")
changed_new=$(changed "$tmp/new.list" "$tmp/base.list")
if [ -n "$goexperiment" ]; then
	changed_new="GOEXPERIMENT=$goexperiment${changed_new:+ $changed_new}"
	changed_base=${changed_base:-$(go env GOVERSION)${GOEXPERIMENT:+ GOEXPERIMENT=$GOEXPERIMENT}}
elif [ -z "$changed_new" ]; then
	echo "$prog: note: both builds have the same codec versions; the comparison shows noise only" >&2
	changed_base="base" changed_new="new"
fi
echo "== base: $changed_base    new: $changed_new" >&2

parts=$outdir/parts
mkdir -p "$parts"
for ((rep = 1; rep <= count; rep++)); do
	order="base new"
	((rep % 2 == 0)) && order="new base"
	for codec in "${codecs[@]}"; do
		for side in $order; do
			bin=$base label=$changed_base list=$tmp/base.list
			if [ "$side" = new ]; then
				bin=$new label=$changed_new list=$tmp/new.list
			fi
			if ! has_codec "$list" "$codec"; then
				((rep > 1)) || echo "== $side ($label): no codec $codec in this build; it runs in the other alone" | tee -a "$outdir/console.txt"
				continue
			fi
			echo "== $side ($label): $codec, repeat $rep of $count" | tee -a "$outdir/console.txt"
			run_pingpong "$bin" "${args[@]}" -impls "$codec" -count 1 -json "$parts/$side-$codec-$rep.json"
		done
	done
done

# merge joins a build's parts; a build with none (every run failed before
# writing) has nothing to merge, and says so.
merge() {
	local side=$1 suffix=$2 files
	files=()
	for f in "$parts/$side"-*.json; do
		[ -e "$f" ] && files+=("$f")
	done
	if [ "${#files[@]}" -eq 0 ]; then
		echo "$prog: the $side build wrote no results" >&2
		return 1
	fi
	"$base" merge -json "$outdir/results$suffix.json" -bench "$outdir/bench$suffix.txt" -csv "$outdir/results$suffix.csv" \
		"${files[@]}" >"$outdir/console$suffix.merged.txt"
}
have_base=1 have_new=1
merge base "" || have_base=0
merge new ".new" || have_new=0
if [ "$have_base" = 1 ] && [ "$have_new" = 1 ]; then
	echo
	echo "== pingpong compare: base ($changed_base) against new ($changed_new)"
	# compare exits 1 when the --fail gate fails: the page is still
	# written, and finish says so.
	rc=0
	"$base" compare "${gate[@]}" "$outdir/results.json" "$outdir/results.new.json" | tee "$outdir/compare.txt" || rc=$?
	if [ "$rc" = 1 ] && [ "${#gate[@]}" -gt 0 ]; then
		gate_failed=1
	elif [ "$rc" != 0 ]; then
		exit "$rc"
	fi
	"$base" report -html "$outdir/report.html" "$outdir/results.json" "$outdir/results.new.json"
	echo "== wrote results.json, bench.txt, results.csv (base), results.new.json, bench.new.txt, results.new.csv (new), compare.txt and report.html into $outdir" >&2
else
	# One build's results alone: no comparison, but its page.
	one=$outdir/results.json
	[ "$have_new" = 1 ] && one=$outdir/results.new.json
	if [ "$have_base" = 1 ] || [ "$have_new" = 1 ]; then
		"$base" report -html "$outdir/report.html" "$one"
	fi
	echo "$prog: nothing to compare: only one build has results" >&2
	scenario_errors=1
fi
finish
