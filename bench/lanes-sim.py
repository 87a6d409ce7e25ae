#!/usr/bin/env python3
"""How long a search's builds and runs would take if the search always had
leaves to send (issue 19): for each evaluations.csv of a report, per lane,
the leaves in the order they ran, each with the build time it had
(compile_s, contention included), replayed on W workers per lane with
the harness's rules of today: a leaf is sent once fewer than AHEAD (4 W)
are on their way, goes to worker i mod W (round robin), each worker
builds in order, and the lane's device runs its leaves in order, RUN_S
each once built.  Leaves sent and then cut are not in evaluations.csv,
so their builds are left out: the replay is what the kept leaves alone
cost.  Prints, per file: the search's measured time (the last
evaluation's elapsed_s) and the replay's, per lane.
Usage: bench/lanes-sim.py W EVALUATIONS.csv... [RUN_S=0.013]"""
import csv, sys


def replay(builds, workers, ahead, run_s):
    free = [0.0] * workers
    ends = []
    device = 0.0
    for i, build in enumerate(builds):
        sent = 0.0 if i < ahead else ends[i - ahead]
        w = i % workers
        free[w] = max(free[w], sent) + build
        device = max(device, free[w]) + run_s
        ends.append(device)
    return device


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    workers = int(argv[1])
    run_s = 0.013
    files = []
    for a in argv[2:]:
        if a.startswith("RUN_S="):
            run_s = float(a[6:])
        else:
            files.append(a)
    for path in files:
        rows = [r for r in csv.DictReader(open(path)) if r["final"] == "false"
                and r["from_journal"] == "false" and r["same_kernel"] == "false"]
        if not rows:
            print(f"{path}: no evaluation")
            continue
        measured = max(float(r["elapsed_s"]) for r in rows)
        lanes = sorted({r["lane"] for r in rows})
        times = [replay([float(r["compile_s"]) for r in rows if r["lane"] == l],
                        workers, 4 * workers, run_s) for l in lanes]
        print("%s: %d kernels on %d lanes, measured %.1f s, replayed %s s"
              % (path, len(rows), len(lanes), measured,
                 ", ".join("%.1f" % t for t in times)))


if __name__ == "__main__":
    main(sys.argv)
