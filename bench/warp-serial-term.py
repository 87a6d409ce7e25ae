#!/usr/bin/env python3
"""A per-warp term that is NOT a lower bound, tried offline on mxm journals
(issue 13): where a scheduler holds one warp (warps per scheduler <= 1, as
bnb_model_warps_most counts them), the kernel is taken to last at least one
warp's own instructions issued one after the other: its FMAs at 0.83 a
cycle (bench/warp-rate.sh: one warp per scheduler, 16 to 32 chains) plus
its memory instructions at 0.2 a cycle (bench/lds-rate.sh: a scheduler's
share of the load/store units), at the boost clock.  That is what NVIDIA's
compiler made of the register tile's k step (loads, then FMAs), not what
the hardware needs: a compiler that issued the next step's loads under
this step's FMAs would beat it.  So the script only measures what such a
term would give, against the model's bound alone, per journal: violations,
the least and median measured/bound, the Spearman correlation, and how many
kernels bound below the measured best.

The warp's counts come from `bnbtune explain` (thread throughput and memory
instructions terms) and from the decisions (work-items: the dims of the
update `acc.upd` on local ids; work-groups: the block dims), so only
mxm.ir's journals are read, one explain a kernel.

Usage: bench/warp-serial-term.py JOURNAL...   (BNBTUNE: build/release/bnbtune)
"""
import concurrent.futures, gzip, json, math, os, re, subprocess, sys

UNIT = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}
CLOCK, UNITS, SCHEDULERS, WARP = 1.98e9, 132, 4, 32
FMA_RATE, MEM_RATE = 0.83, 0.2
BNBTUNE = os.environ.get("BNBTUNE", "build/release/bnbtune")


def journal(path):
    with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    kernels = {}
    for r in rows[1:]:
        if r.get("outcome") == "ok" and "decisions" in r:
            k = r["kernel_key"]
            if k not in kernels or r["median_s"] < kernels[k]["median_s"]:
                kernels[k] = r
    return rows[0], list(kernels.values())


def terms(head, device, decisions):
    out = subprocess.run(
        [BNBTUNE, "explain", "--kernel", "data/kernels/mxm.ir", "--size",
         head["sizes"], "--device-file", device, "--every-design",
         "--decisions", decisions], capture_output=True, text=True).stdout
    return {m.group(1).strip(): float(m.group(2)) * UNIT[m.group(3)]
            for m in re.finditer(r"^  (.+?)\s{2,}([\d.e+-]+) (ns|us|ms|s)$",
                                 out, re.M)}


def serial_us(head, decisions, t):
    """One warp's instructions one after the other (us), or 0 where a
    scheduler may hold more than one warp."""
    sizes = dict(x.split("=") for x in head["sizes"].split(","))
    m, n, k = (int(sizes[x]) for x in "MNK")
    d = dict(x.split("=") for x in decisions.split("; "))
    t1, t2 = int(d["tile(T1)"]), int(d["tile(T2)"])
    tk = int(d["tile(TK)"])
    level = {"m.1": t1, "m.2": t2, "n.1": t1, "n.2": t2, "k.1": tk}
    items = groups = 1  # the update's work-items, the work-groups
    ids = {}            # each local id's size, over every instruction
    for choice, kind in d.items():
        dim = re.match(r"kind\(([mnk]\.[12])@(.+)\)$", choice)
        if dim and kind.startswith("thread"):
            ids[kind] = max(ids.get(kind, 1), level[dim.group(1)])
        if dim and dim.group(2) == "acc.upd":
            items *= level[dim.group(1)] if kind.startswith("thread") else 1
            groups *= level[dim.group(1)] if kind == "block" else 1
    groups *= math.ceil(m / (t1 * t2)) if d.get("kind(m.0)") == "block" else 1
    groups *= math.ceil(n / (t1 * t2)) if d.get("kind(n.0)") == "block" else 1
    warps = math.ceil(math.prod(ids.values()) / WARP)
    if warps * math.ceil(groups / UNITS) / SCHEDULERS > 1:
        return 0
    mem_warps = (t["memory instructions"] * 1e-6 * CLOCK * UNITS
                 * min(groups, UNITS) / UNITS)
    fmas = m * n * k / (groups * items)
    return (fmas / FMA_RATE + mem_warps / (groups * warps) / MEM_RATE) \
        / CLOCK * 1e6


def spearman(a, b):
    def ranks(x):
        r = [0] * len(x)
        for i, j in enumerate(sorted(range(len(x)), key=lambda i: x[i])):
            r[j] = i
        return r
    ra, rb, n = ranks(a), ranks(b), len(a)
    square = sum((p - q) ** 2 for p, q in zip(ra, rb))
    return 1 - 6 * square / (n * (n * n - 1))


def report(name, measured, bounds):
    ratios = sorted(x / y for x, y in zip(measured, bounds))
    best = min(range(len(measured)), key=lambda i: measured[i])
    print("  %-22s violations %d, measured/bound least %.2f median %.2f, "
          "Spearman %.3f, %d below the best's bound" % (
              name, sum(x < y for x, y in zip(measured, bounds)), ratios[0],
              ratios[len(ratios) // 2], spearman(measured, bounds),
              sum(y < bounds[best] for y in bounds)))


for path in sys.argv[1:]:
    head, kernels = journal(path)
    device = ("data/devices/h100.ini" if "H100" in head["device"]
              else "data/devices/h200.ini")

    def one(r):
        t = terms(head, device, r["decisions"])
        return (r["median_s"] * 1e6, max(t.values()),
                serial_us(head, r["decisions"], t)) if t else None

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        rows = [x for x in pool.map(one, kernels) if x]
    print("%s (%s, %s): %d kernels" % (path, head["sizes"], head["device"],
                                      len(rows)))
    measured = [x[0] for x in rows]
    report("bound", measured, [x[1] for x in rows])
    report("max(bound, serial)", measured, [max(x[1], x[2]) for x in rows])
