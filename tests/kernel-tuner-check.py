#!/usr/bin/env python3
"""The check of `bnbtune export --format kernel-tuner` that
/search/end-to-end/kernel-tuner-export runs (tests/test-search.c): Kernel
Tuner's own simulation mode reads the exported cache file, and its brute
force finds as many working configurations as the journal has distinct
kernels that ran ok, the fastest at the journal's best time; a random
sample of 5 of them returns times the journal holds.

Usage: kernel-tuner-check.py JOURNAL CACHE   (exit status 0: right)
"""
import json
import sys
import warnings

import kernel_tuner

journal, cache = sys.argv[1:3]
latest = {}
with open(journal) as f:
    for line in f:
        r = json.loads(line)
        if "decisions" not in r or r.get("same_kernel"):
            continue
        key = r.get("kernel_key") or r["decisions"]
        old = latest.get(key)
        if old is None or old["outcome"] != "ok" or r["outcome"] == "ok":
            latest[key] = r
ok = sorted(r["median_s"] * 1e3 for r in latest.values() if r["outcome"] == "ok")

warnings.simplefilter("ignore")  # "no thread block dimensions": none here
results, _ = kernel_tuner.tune_cache(cache, strategy="brute_force", quiet=True)
times = sorted(r["time"] for r in results if isinstance(r.get("time"), float))
if len(times) != len(ok) or abs(times[0] - ok[0]) > 1e-12 * ok[0]:
    sys.exit(f"kernel-tuner-check: Kernel Tuner found {len(times)} configurations, "
             f"best {times[0] if times else None} ms; the journal has {len(ok)} "
             f"kernels, best {ok[0]} ms")
sample, _ = kernel_tuner.tune_cache(cache, strategy="random_sample", quiet=True,
                                    strategy_options={"max_fevals": 5})
drawn = [r["time"] for r in sample if r and isinstance(r.get("time"), float)]
if not drawn or any(t not in ok for t in drawn):
    sys.exit(f"kernel-tuner-check: random_sample drew {drawn}, not times of the journal")
print(f"kernel-tuner-check: {len(times)} configurations, best {times[0]:.6g} ms as in "
      f"the journal; random_sample drew {len(drawn)}")
