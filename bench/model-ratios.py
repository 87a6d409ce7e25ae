#!/usr/bin/env python3
"""The model against measured times: for each journal (bnbtune's JSONL,
plain or gzipped), every distinct kernel that ran ok gets the bound that
`bnbtune explain` gives its decisions on a device description, and the
script prints, per journal: violations (measured below the bound), the
quantiles of measured/bound, the Spearman rank correlation of bound and
measured time, and the rank of the measured best among the bounds.
One GPU measurement (bench/model-sample.sh) serves every model version.

Usage: [BNBTUNE=path] bench/model-ratios.py DEVICE.ini JOURNAL... [--tsv OUT.tsv]
With BOUNDS=build/release/bench/journal-bounds, every kernel of a journal
is bounded in one process of that tool (bench/journal-bounds.c, every
design allowed) instead of an `explain` each: thousands a second.
"""
import concurrent.futures, gzip, json, os, re, subprocess, sys

UNIT = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def journal(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    head, rows = rows[0], rows[1:]
    kernels = {}
    for r in rows:
        if r.get("outcome") == "ok":
            kernels.setdefault(r["kernel_key"], r)
    return head, list(kernels.values())


def bound(bnbtune, dev, head, decisions):
    cmd = [bnbtune, "explain", "--kernel", head["kernel_path"],
           "--device-file", dev, "--decisions", decisions]
    if head.get("sizes") and "=" in head["sizes"]:
        cmd += ["--size", head["sizes"]]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    m = re.search(r"^bound\s+([\d.e+-]+) (ns|us|ms|s)\s+(.*?):", out, re.M)
    return float(m.group(1)) * UNIT[m.group(2)], m.group(3)


def bounds_batch(tool, dev, head, rows):
    sizes = head["sizes"] if head.get("sizes") and "=" in head["sizes"] else ""
    out = subprocess.run([tool, head["kernel_path"], sizes, dev],
                         input="".join(r["decisions"] + "\n" for r in rows),
                         capture_output=True, text=True, check=True).stdout
    result = []
    for line in out.splitlines():
        v, term = line.split("\t", 1)
        if v == "-":
            raise subprocess.CalledProcessError(1, tool, stderr=term)
        result.append((float(v) * 1e6, term.split(":")[0]))
    return result


def ranks(x):
    order = sorted(range(len(x)), key=lambda i: x[i])
    r = [0.0] * len(x)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and x[order[j + 1]] == x[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** .5
    return cov / var if var else float("nan")


def main(argv):
    tsv = None
    if "--tsv" in argv:
        i = argv.index("--tsv")
        tsv = open(argv[i + 1], "w")
        del argv[i:i + 2]
    dev, paths = argv[1], argv[2:]
    bnbtune = os.environ.get("BNBTUNE", "./bnbtune")
    pool = concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1)
    for path in paths:
        head, rows = journal(path)
        t, b, terms = [], [], {}
        try:
            if os.environ.get("BOUNDS"):
                bounds = bounds_batch(os.environ["BOUNDS"], dev, head, rows)
            else:
                bounds = list(pool.map(lambda r: bound(bnbtune, dev, head,
                                                       r["decisions"]), rows))
        except subprocess.CalledProcessError as e:
            print(f"{path}: skipped, bnbtune explain failed: "
                  f"{e.stderr.strip().splitlines()[-1] if e.stderr else e}")
            continue
        for r, (v, term) in zip(rows, bounds):
            t.append(r["median_s"] * 1e6)
            b.append(v)
            terms[term] = terms.get(term, 0) + 1
            if tsv:
                tsv.write(f"{path}\t{t[-1]:.3f}\t{v:.3f}\t{term}\t{r['decisions']}\n")
        if not t:
            print(f"{path}: no kernel ran ok")
            continue
        n = len(t)
        ratio = sorted(x / y for x, y in zip(t, b))
        q = lambda p: ratio[int(p * (n - 1))]
        best = min(range(n), key=lambda i: t[i])
        below = sum(1 for v in b if v < b[best])
        print(f"{path} ({head['kernel']}, {head.get('sizes')}): {n} kernels, "
              f"{sum(1 for x in ratio if x < 1)} violations; measured/bound "
              f"min {ratio[0]:.2f} p10 {q(.1):.2f} median {q(.5):.2f} "
              f"p90 {q(.9):.2f} max {ratio[-1]:.2f}; Spearman "
              f"{spearman(b, t):.3f}; the best's bound is lowest but "
              f"{below}; terms: "
              + ", ".join(f"{k} {v}" for k, v in sorted(terms.items())))


if __name__ == "__main__":
    main(sys.argv)
