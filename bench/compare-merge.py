#!/usr/bin/env python3
"""The table of a search-quality comparison run in pieces (bench/gpu-compare.sh):
reads the evaluations (CSV, as a report's evaluations.csv, with or without
the decisions) of every strategy and seed, and prints, per run, the best
time, its ratio to the best known, the kernels timed, and the evaluations
and seconds it took to come within 5% of the best known.  The best known
is the best time of all the runs, or the time of --known (a `bnbtune run`
output, e.g. the mapped best's) when it is lower; with --only-known, the
time of --known alone.

Usage: bench/compare-merge.py [--known RUN.txt [--only-known]] FILE.csv...
"""
import csv
import re
import sys

WITHIN = 0.05


def known_time(path):
    with open(path) as f:
        for line in f:
            m = re.match(r'time: ([0-9.]+) us median', line)
            if m:
                return float(m.group(1)) * 1e-6
    sys.exit(f'{path}: no "time: ... us median" line')


def main(argv):
    known = None
    if len(argv) > 2 and argv[1] == '--known':
        known = known_time(argv[2])
        argv = argv[:1] + argv[3:]
    only_known = len(argv) > 1 and argv[1] == '--only-known'
    if only_known:
        argv = argv[:1] + argv[2:]
    runs = {}
    for path in argv[1:]:
        with open(path, newline='') as f:
            for row in csv.DictReader(f):
                runs.setdefault((row['strategy'], int(row['seed'])), []).append(row)
    if not runs:
        sys.exit('usage: compare-merge.py [--known RUN.txt [--only-known]] FILE.csv...')

    def ok(row):
        return row['outcome'] == 'ok' and row['final'] != 'true'

    bests = {k: min((float(r['time_s']) for r in rows if ok(r)), default=float('inf'))
             for k, rows in runs.items()}
    target = min(bests.values())
    if known is not None:
        target = known if only_known else min(target, known)
    order = ['bnb', 'random', 'genetic', 'nelder-mead', 'coordinate']
    keys = sorted(runs, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1]))
    print(f'Best known {target * 1e6:.2f} µs'
          + (f' (the --known run: {known * 1e6:.2f} µs)' if known else ''))
    print()
    print('| strategy | seed | best (µs) | × best known | kernels timed | evaluations to 5% | seconds to 5% | seconds in all |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for k in keys:
        rows = [r for r in runs[k] if r['final'] != 'true']
        timed = sum(1 for r in rows if r['from_journal'] != 'true' and r['same_kernel'] != 'true')
        hit = next((r for r in rows if ok(r) and float(r['time_s']) <= target * (1 + WITHIN)), None)
        to_n = hit['index'] if hit else '-'
        to_s = f"{float(hit['elapsed_s']):.1f}" if hit else '-'
        total = max((float(r['elapsed_s']) for r in rows), default=0)
        print(f'| {k[0]} | {k[1]} | {bests[k] * 1e6:.2f} | {bests[k] / target:.2f} | '
              f'{timed} | {to_n} | {to_s} | {total:.0f} |')


if __name__ == '__main__':
    main(sys.argv)
