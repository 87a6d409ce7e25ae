#!/usr/bin/env python3
"""Where a branch-and-bound run on a GPU waited between kernels, from its
report's evaluations (CSV, plain or gzipped, with the decisions or as
--slim writes them): the gaps between one evaluation and the next
(elapsed_s), split into

  timed out      the next evaluation timed out (a build past its limit:
                 the worker is killed and started again)
  own build      a gap of 0.5 s or more where the next leaf's own build
                 (compile_s) took at least half of it (and of those, the
                 gaps of builds of 5 s or more)
  other >= 0.5 s the other gaps of 0.5 s or more
  small          gaps under 0.5 s (the runs, the checks, short waits)

and the builds of 5 s or more: how many, their compile time summed, how
many were the first leaf of their design (tile, kind and memory
decisions) in the run, and the tile choices they came from.  The final
re-measures are left out.

Usage: bench/build-gaps.py FILE.csv[.gz]...
       bench/build-gaps.py --slim IN.csv OUT.csv.gz
--slim keeps every column but the decisions, adding `tiles` (T1xT2xTK)
and `design` (a short hash of the tile, kind and memory decisions).
"""
import collections
import csv
import gzip
import hashlib
import re
import sys

SLOW_BUILD_S = 5
LONG_GAP_S = 0.5


def tiles_of(decisions):
    return 'x'.join(v for _, v in re.findall(r'tile\((\w+)\)=(\d+)', decisions))


def design_of(decisions):
    parts = [p for p in decisions.split('; ')
             if p.startswith(('tile(', 'kind(', 'mem('))]
    return hashlib.sha1('; '.join(parts).encode()).hexdigest()[:12]


def rows_of(path):
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', newline='') as f:
        for r in csv.DictReader(f):
            if r['final'] == 'true':
                continue
            if 'decisions' in r:
                r['tiles'] = tiles_of(r['decisions'])
                r['design'] = design_of(r['decisions'])
            yield r


def report(path):
    gaps = collections.Counter()
    slow, slow_s, first, tiles = 0, 0.0, 0, collections.Counter()
    designs = set()
    prev, n = 0.0, 0
    for r in rows_of(path):
        n += 1
        at = float(r['elapsed_s'])
        gap, prev = at - prev, at
        build = float(r['compile_s'] or 0)
        if r['outcome'] == 'timed-out':
            gaps['timed out'] += gap
        elif gap >= LONG_GAP_S and build >= gap / 2:
            gaps['own build'] += gap
            gaps['of which 5 s or more'] += gap * (build >= SLOW_BUILD_S)
        elif gap >= LONG_GAP_S:
            gaps['other >= 0.5 s'] += gap
        else:
            gaps['small'] += gap
        if build >= SLOW_BUILD_S:
            slow += 1
            slow_s += build
            first += r['design'] not in designs
            tiles[r['tiles']] += 1
        designs.add(r['design'])
    print(f'{path}: {n} evaluations, {prev:.1f} s')
    print('  gaps: ' + ', '.join(f'{k} {gaps[k]:.1f} s' for k in
                                 ('timed out', 'own build',
                                  'of which 5 s or more', 'other >= 0.5 s',
                                  'small')))
    print(f'  builds of {SLOW_BUILD_S} s or more: {slow} ({slow_s:.0f} s), '
          f'{first} the first of their design; tiles: '
          + ', '.join(f'{t} {c}' for t, c in tiles.most_common(6)))


def slim(src, dst):
    with open(src, newline='') as f, gzip.open(dst, 'wt', newline='') as out:
        reader = csv.DictReader(f)
        fields = [c for c in reader.fieldnames if c != 'decisions']
        writer = csv.DictWriter(out, fields + ['tiles', 'design'])
        writer.writeheader()
        for r in reader:
            r['tiles'] = tiles_of(r['decisions'])
            r['design'] = design_of(r.pop('decisions'))
            writer.writerow(r)


def main(argv):
    if len(argv) == 4 and argv[1] == '--slim':
        slim(argv[2], argv[3])
    elif len(argv) > 1 and not argv[1].startswith('-'):
        for path in argv[1:]:
            report(path)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main(sys.argv)
