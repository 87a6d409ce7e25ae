#!/usr/bin/env python3
"""The best configuration clblast_tuner_xgemm printed, for bench/blas-tuned.sh.

Reads the tuner's standard output (a table per tuning phase, each after a
"Parameters explored:" line naming its columns) and prints the parameters
of the fastest row whose results matched the reference, as
"NAME=VALUE ..." (what `clblast-sgemm --xgemm` takes); its GFLOP/s and how
many configurations were timed go to standard error.  Reading the table
rather than the JSON file the tuner writes at the end keeps what a tuner
stopped by its time limit measured.  Exit status 1 when no row matched.
Usage: bench/clblast-best.py TUNER-OUTPUT
"""
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def main():
    names, best, rows = None, None, 0
    for line in open(sys.argv[1], errors="replace"):
        line = ANSI.sub("", line)
        if "Parameters explored:" in line:
            names = line.split(":", 1)[1].split()
            continue
        if names is None or "results match" not in line:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 8 or not cells[0].isdigit():
            continue
        values = cells[2].split()
        if len(values) != len(names):
            continue
        rows += 1
        gflops = float(cells[7])
        if best is None or gflops > best[0]:
            best = (gflops, dict(zip(names, values)))
    if best is None:
        sys.exit("clblast-best: no configuration matched the reference")
    print(" ".join(f"{k}={v}" for k, v in sorted(best[1].items())))
    print(f"clblast-best: {best[0]} GFLOP/s, the best of {rows} configurations",
          file=sys.stderr)


if __name__ == "__main__":
    main()
