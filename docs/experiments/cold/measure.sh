#!/usr/bin/env bash
# cold-measure.sh: the acceptance figures of issue 52 (cold starts), to run
# on a QUIET machine (nothing else compiling or measuring). Not part of the
# repository. It builds pingpong from REPO and the independent checks from
# this folder (coldcheck: its own module: the codecs at go.mod's versions, from
# the module cache; no pingpong code), then:
#
#   (a) pingpong cold, std sonic goccy segmentio jsoniter jsonv2 (+control)
#       on the real citm-catalog into its struct, 10 fresh processes each:
#       median and range per figure (the console, and -json);
#   (b) coldcheck, a fresh process timing one first Unmarshal and one first
#       Marshal, 10 runs per codec: its medians against (a)'s, measured the
#       same way (-stw 0: no probe beside the calls, as coldcheck has none),
#       within 25% or 0.2 ms;
#   (c) sonic after Pretouch: its first calls against its steady state
#       (within 3x?) and Pretouch's own time, from (a); and coldcheck
#       -pretouch for an independent figure;
#   (d) the header's fresh-page figure (5 runs) against freshcopy, an
#       independent copy timing (5 runs), within 25%;
#   (e) the growing schema, schema:10, schema:100 and schema:500 into their
#       generated struct families: std, sonic, goccy, N processes each; the
#       first call's excess over steady, per type;
#   (f) -fresh-memory against the steady run on one 32 MB string (std,
#       2 pairs): the responsiveness tables of both.
#
# Usage: docs/experiments/cold/measure.sh [OUT_DIR]    (REPO=/path/to/pingpong to choose the checkout)
# About 10-15 minutes on a 2-core machine (sonic's first call on schema:500 takes seconds).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
REPO=${REPO:-$(cd "$here/../../.." && pwd)}
CHECK=${CHECK:-$here}
CITM=${CITM:-$REPO/../shared/datasets/citm-catalog.json}
OUT=${1:-/tmp/cold-measure-$(date -u +%Y%m%dT%H%M%SZ)}
N=${N:-10}
CODECS=std,sonic,goccy,segmentio,jsoniter,jsonv2
mkdir -p "$OUT"
echo "cold-measure: writing into $OUT" >&2
uptime | tee "$OUT/load-before.txt"

(cd "$REPO" && go build -o "$OUT/pingpong" ./cmd/pingpong)
(cd "$CHECK" && GOFLAGS=-mod=mod GOPROXY=off go build -o "$OUT/coldcheck" . && GOPROXY=off go build -o "$OUT/freshcopy" ./freshcopy)
PP=$OUT/pingpong

echo
echo "== (a) pingpong cold: citm-catalog into its struct, $N fresh processes per codec (and per warm-up)"
"$PP" cold -input "$CITM" -target struct -impls "$CODECS" -count "$N" -json "$OUT/cold-citm.json" | tee "$OUT/cold-citm.txt"

echo
echo "== (a') the same without the probes beside the calls (-stw 0 -probe 0), for (b)"
"$PP" cold -input "$CITM" -target struct -impls "$CODECS" -count "$N" -stw 0 -probe 0 -warm=false -fresh-mb 0 -json "$OUT/cold-citm-nostw.json" > "$OUT/cold-citm-nostw.txt"

echo
echo "== (b) coldcheck: $N fresh processes per codec, no pingpong code"
: > "$OUT/coldcheck.txt"
for i in $(seq "$N"); do
	for c in ${CODECS//,/ }; do
		"$OUT/coldcheck" -codec "$c" -input "$CITM" -target struct >> "$OUT/coldcheck.txt"
	done
	"$OUT/coldcheck" -codec sonic -pretouch -input "$CITM" -target struct >> "$OUT/coldcheck-pretouch.txt"
done

echo
echo "== (e) the growing schema: schema:10, schema:100, schema:500 into their generated struct families"
for n in 10 100 500; do
	"$PP" cold -input schema:$n -target struct -impls std,sonic,goccy -count "$N" -fresh-mb 0 -json "$OUT/cold-schema-$n.json" > "$OUT/cold-schema-$n.txt"
done

echo
echo "== (d) fresh pages: the header's figure (5 runs of pingpong cold) against freshcopy (5 runs)"
: > "$OUT/freshpages-pingpong.txt"; : > "$OUT/freshpages-freshcopy.txt"
for i in 1 2 3 4 5; do
	"$PP" cold -input github -impls std -refs=false -count 1 -steady 1 -warm=false -json "$OUT/fp-$i.json" > /dev/null
	"$OUT/freshcopy" -mb 32 >> "$OUT/freshpages-freshcopy.txt"
done

echo
echo "== (f) one 32 MB string, std at 2 pairs: steady, then -fresh-memory"
"$PP" -input long-string:32MB -impls std -levels N -duration 5s -v -json "$OUT/steady-32mb.json" > "$OUT/steady-32mb.txt"
"$PP" -input long-string:32MB -impls std -levels N -duration 5s -v -fresh-memory -json "$OUT/fresh-32mb.json" > "$OUT/fresh-32mb.txt"

python3 - "$OUT" <<'EOF'
import json, statistics, sys, re, glob, os
out = sys.argv[1]
ms = lambda ns: f"{ns/1e6:.2f}ms"

def spread(xs):
    xs = sorted(xs)
    return statistics.median(xs), xs[0], xs[-1]

def cold(path):
    run = json.load(open(path))
    res = {}
    for c in run["codecs"]:
        ok = [s for s in c["samples"] if not s.get("error")]
        warmed = [s for s in c.get("warmed") or [] if not s.get("error")]
        res[c["impl"]] = (ok, warmed, c)
    return run, res

print("\n== (a) pingpong cold, citm-catalog into its struct (median, range over the processes)")
run, a = cold(f"{out}/cold-citm.json")
print(f"{'codec':10} {'first decode':>28} {'steady':>9} {'first encode':>28} {'steady':>9}")
for name, (ok, warmed, c) in a.items():
    if not ok:
        print(f"{name:10} all samples failed"); continue
    d = spread([s["decode"]["ns"] for s in ok]); e = spread([s["encode"]["ns"] for s in ok])
    sd = statistics.median(s["steady_decode"]["ns"] for s in ok); se = statistics.median(s["steady_encode"]["ns"] for s in ok)
    print(f"{name:10} {ms(d[0]):>9} ({ms(d[1])}-{ms(d[2])}) {ms(sd):>9} {ms(e[0]):>9} ({ms(e[1])}-{ms(e[2])}) {ms(se):>9}")

print("\n== (b) coldcheck's medians against pingpong cold -stw 0's (agree: within 25% or 0.2ms)")
_, a2 = cold(f"{out}/cold-citm-nostw.json")
cc = {}
for line in open(f"{out}/coldcheck.txt"):
    f = dict(kv.split("=") for kv in line.split())
    cc.setdefault(f["codec"], []).append(f)
for name, rows in cc.items():
    ok = a2.get(name, ([], [], None))[0]
    for what in ("decode", "encode"):
        ind = statistics.median(int(r[f"{what}_ns"]) for r in rows)
        if not ok:
            print(f"  {name:10} {what}: pingpong has no samples"); continue
        pp = statistics.median(s[what]["ns"] for s in ok)
        agree = abs(pp - ind) <= max(0.25 * ind, 0.2e6)
        print(f"  {name:10} {what}: coldcheck {ms(ind):>9}  pingpong {ms(pp):>9}  {'agree' if agree else 'DISAGREE'} ({(pp-ind)/ind*100:+.0f}%)")

print("\n== (c) sonic after Pretouch against its steady state (bar: within 3x)")
ok, warmed, c = a["sonic"]
if warmed:
    for what in ("decode", "encode"):
        first = statistics.median(s[what]["ns"] for s in warmed)
        steady = statistics.median(s[f"steady_{what}"]["ns"] for s in ok)
        print(f"  first {what} after Pretouch {ms(first)}, steady {ms(steady)}: {first/steady:.1f}x {'(within 3x)' if first <= 3*steady else '(OVER 3x)'}")
    print(f"  Pretouch itself: {ms(statistics.median(s['warm_up_ns'] for s in warmed))}")
rows = [dict(kv.split("=") for kv in l.split()) for l in open(f"{out}/coldcheck-pretouch.txt")]
print(f"  coldcheck -pretouch: Pretouch {ms(statistics.median(int(r['pretouch_ns']) for r in rows))}, then first decode "
      f"{ms(statistics.median(int(r['decode_ns']) for r in rows))}, first encode {ms(statistics.median(int(r['encode_ns']) for r in rows))}")

print("\n== (d) fresh pages per MB: pingpong cold's header against freshcopy (agree: within 25%)")
hdr = [json.load(open(p))["fresh_pages"] for p in sorted(glob.glob(f"{out}/fp-*.json"))]
fc = [dict(kv.split("=") for kv in l.split()) for l in open(f"{out}/freshpages-freshcopy.txt")]
for kind in ("fresh", "touched"):
    h = statistics.median(x[f"{kind}_per_mb_ns"] for x in hdr)
    i = statistics.median(int(x[f"{kind}_per_mb_ns"]) for x in fc)
    print(f"  {kind:8} header {h/1e3:8.1f}us/MB  freshcopy {i/1e3:8.1f}us/MB  {'agree' if abs(h-i) <= 0.25*i else 'DISAGREE'} ({(h-i)/i*100:+.0f}%)")

print("\n== (e) the growing schema: first call's excess over steady, in all and per type (medians)")
print(f"  {'codec':8} {'types':>5} {'first dec':>10} {'steady':>9} {'per type':>9} {'first enc':>10} {'steady':>9} {'per type':>9} {'Pretouch':>9} {'then dec':>9}")
for n in (10, 100, 500):
    _, sc = cold(f"{out}/cold-schema-{n}.json")
    for name, (ok, warmed, c) in sc.items():
        if not ok: continue
        fd = statistics.median(s["decode"]["ns"] for s in ok); sd = statistics.median(s["steady_decode"]["ns"] for s in ok)
        fe = statistics.median(s["encode"]["ns"] for s in ok); se = statistics.median(s["steady_encode"]["ns"] for s in ok)
        w = f"{ms(statistics.median(s['warm_up_ns'] for s in warmed)):>9} {ms(statistics.median(s['decode']['ns'] for s in warmed)):>9}" if warmed else ""
        print(f"  {name:8} {n:>5} {ms(fd):>10} {ms(sd):>9} {(fd-sd)/n/1e3:7.1f}us {ms(fe):>10} {ms(se):>9} {(fe-se)/n/1e3:7.1f}us {w}")

print("\n== (f) one 32 MB string, std, 2 pairs: the responsiveness table, steady then -fresh-memory")
for name in ("steady-32mb", "fresh-32mb"):
    print(f"  -- {name}")
    for line in open(f"{out}/{name}.txt"):
        if re.match(r"\s+(codec|std|control|baseline)\s", line) or line.startswith("[") or "encdec" in line and "n=" in line:
            print("  " + line.rstrip())
EOF
uptime | tee "$OUT/load-after.txt"
