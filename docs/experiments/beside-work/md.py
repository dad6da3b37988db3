#!/usr/bin/env python3
"""Markdown tables of batch.sh's logs: per setting, a row per case. Usage: md.py [OUT]"""
import re, os, glob, statistics, sys
root = sys.argv[1] if len(sys.argv) > 1 else '/tmp/beside-work'
names = {'quiet': 'quiet', 'hogs2': "two `sh -c 'while :; do :; done'`", 'hogs4n5': 'four of them at `nice -n -5`',
         'cgroup1': 'a cgroup v1 of one CPU (`cpu.cfs_quota_us` 100000 per 100000) holding the test and one hog',
         'hogs2nobody': 'two hogs, the test as user nobody (no CAP_SYS_NICE)',
         'hogs4n5nobody': 'four hogs at `nice -n -5`, the test as user nobody (no CAP_SYS_NICE)'}
def parse(p):
    t = open(p).read()
    ans = 'pass' if '--- PASS' in t else 'fail' if '--- FAIL' in t else 'skip' if '--- SKIP' in t else '?'
    m = re.search(r"effect, stretch by stretch against \w+'s: ([+-]?[\d.]+) points of the window \(([-\d.]+) to ([-\d.]+)\)", t)
    mm = re.search(r"the machine's ([\d.]+)% left out", t)
    rr = re.search(r'the program (?:ran|got) (\d+)% of the', t)
    th = re.findall(r'throttled_time (\d+)', t)
    q = re.search(r'throttled it (\d+)% of a\s+core', t)
    ld = re.search(r'^load ([\d.]+)', t, re.M)
    return dict(ans=ans, eff=(float(m.group(1)), m.group(2), m.group(3)) if m else None,
                mach=float(mm.group(1)) if mm else 0.0, ran=int(rr.group(1)) if rr else None,
                thr=int(q.group(1)) if q else None, load=ld.group(1) if ld else '?')
for st in ['quiet', 'hogs2', 'hogs4n5', 'cgroup1', 'hogs2nobody', 'hogs4n5nobody']:
    d = os.path.join(root, st)
    if not os.path.isdir(d):
        continue
    head = open(d + '/head.txt').read().split('\n')[0]
    loads = []
    print(f'\n**{names[st]}** ({head.split(", ")[1]}; load {head.split("load ")[1].split(",")[0]} at the start)\n')
    print('| case | answers | effect, points (95% interval) | median | machine | ran | throttled |')
    print('|---|---|---|---|---|---|---|')
    for c in ['Freezer2x', 'Freezer5x', 'Freezer5xOnePair', 'Copy256MB', 'Loop', 'StdCitm', 'StdSmall', 'SonicAttachment10MB']:
        rows = [parse(p) for p in sorted(glob.glob(f'{d}/{c}.*.log'), key=lambda p: int(p.split('.')[-2]))]
        if not rows:
            continue
        loads += [r['load'] for r in rows]
        effs = [r['eff'] for r in rows if r['eff']]
        med = statistics.median([e[0] for e in effs]) if effs else None
        ans = ', '.join(r['ans'] for r in rows)
        es = ', '.join(f'{e[0]:+.1f} ({e[1]} to {e[2]})' for e in effs)
        mach = f"{min(r['mach'] for r in rows):.0f}-{max(r['mach'] for r in rows):.0f}%"
        rans = [r['ran'] for r in rows if r['ran'] is not None]
        if not rans:
            ran = '95-100%'
        elif len(rans) < len(rows):
            ran = f'{min(rans)}-100%'
        else:
            ran = f'{min(rans)}-{max(rans)}%'
        ts = [r['thr'] for r in rows if r['thr'] is not None]
        thr = f'{min(ts)}-{max(ts)}% of a core' if ts else '-'
        print(f'| {c} | {ans} | {es} | {med:+.1f} | {mach} | {ran} | {thr} |' if med is not None else f'| {c} | {ans} | - | - | {mach} | {ran} | {thr} |')
    ind = [re.search(r'waiting ([\d.]+)% to ([\d.]+)%', open(p).read()) for p in sorted(glob.glob(f'{d}/Independent.*.log'))]
    ind = [m for m in ind if m]
    if ind:
        print(f"| Independent (runtime's stop histogram, K5's freezer) | - | " + ', '.join(f'{m.group(1)} to {m.group(2)}%' for m in ind) + ' | - | - | - | - |')
    print(f'\nload average (1 min) before each run: {min(loads)} to {max(loads)}')
