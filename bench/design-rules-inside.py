#!/usr/bin/env python3
"""Is the fastest kernel of each GPU journal inside the design rules?

For every journal under bench/results (or those given), the fastest `ok`
kernel is given to `bnbtune count --decisions` under the design rules of
docs/space.md: it is inside when the decisions leave a candidate, and the
tool's message says which decision the rules refuse otherwise ("outside";
"error" where the message does not name the rules).  A kernel whose local
ids are not used in order (id y with nothing on x, or z with nothing on
y) is checked as its twin with the later ids moved down, the one the
ids rule keeps (docs/space.md); an inside verdict then says so.  One line per
journal, tab-separated, on standard output.

Usage: python3 bench/design-rules-inside.py [BNBTUNE] [JOURNAL...]
(run from the repository root; BNBTUNE defaults to ./bnbtune)
"""
import glob
import gzip
import json
import re
import subprocess
import sys


def ids_in_order(decisions):
    """The decisions with the local ids used moved down into any gap, and
    a note of the renaming ("" if none)."""
    used = sorted(set(re.findall(r"=thread\.([xyz])\b", decisions)))
    rename = {old: "xyz"[i] for i, old in enumerate(used)}
    moved = [f"{a}->{b}" for a, b in rename.items() if a != b]
    if not moved:
        return decisions, ""
    return (re.sub(r"=thread\.([xyz])\b",
                   lambda m: "=thread." + rename[m.group(1)], decisions),
            "ids renamed " + ", ".join(moved))


def fastest(path):
    with gzip.open(path, "rt") as f:
        head = json.loads(f.readline())
        best = None
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if rec.get("outcome") != "ok" or "decisions" not in rec:
                continue
            if best is None or rec["median_s"] < best[0]:
                best = (rec["median_s"], rec["decisions"])
    return head, best


def main():
    args = sys.argv[1:]
    tool = args.pop(0) if args and not args[0].endswith(".gz") else "./bnbtune"
    journals = args or sorted(
        glob.glob("bench/results/**/*.jsonl.gz", recursive=True))
    print("journal\tkernel\tsizes\tdevice\tbest_us\tunder the rules\tmessage")
    for path in journals:
        head, best = fastest(path)
        if best is None or "NVIDIA" not in head.get("device", ""):
            continue
        decisions, renamed = ids_in_order(best[1])
        run = subprocess.run(
            [tool, "count", "--kernel", head["kernel_path"], "--size",
             head["sizes"], "--decisions", decisions, "--time-limit", "1",
             "--json"], capture_output=True, text=True)
        message = run.stderr.strip().split(": ", 1)[-1]
        verdict = ("inside" if run.returncode == 0
                   else "outside" if "design rules" in message else "error")
        print("\t".join([path.split("results/")[-1], head["kernel_path"],
                         head["sizes"], head["device"],
                         f"{best[0] * 1e6:.2f}", verdict,
                         renamed if run.returncode == 0 else message]))


if __name__ == "__main__":
    main()
