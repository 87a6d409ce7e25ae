#!/usr/bin/env python3
"""TFLOP/s against N for the tuned mxm, CLBlast and the naive kernel, as an
SVG, from the table bench/mxm-vs-clblast.sh writes (table.tsv).
Usage: bench/tflops-plot.py TABLE.tsv OUT.svg [TITLE]"""
import csv
import math
import sys

SERIES = [("tuned_tflops", "bnbtune (tuned)", "#1f77b4"),
          ("clblast_tflops", "CLBlast SGEMM", "#d62728"),
          ("naive_tflops", "naive kernel", "#7f7f7f")]
W, H, L, R, T, B = 720, 420, 70, 190, 50, 60


def main():
    rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
    title = sys.argv[3] if len(sys.argv) > 3 else "SGEMM, TFLOP/s against N"
    ns = [int(r["N"]) for r in rows]
    top = max(float(r[k]) for r in rows for k, _, _ in SERIES)
    top = math.ceil(top / 5) * 5 or 5
    lo, hi = math.log2(min(ns)), math.log2(max(ns))
    span = hi - lo or 1

    def x(n):
        return L + (math.log2(n) - lo) / span * (W - L - R)

    def y(v):
        return H - B - v / top * (H - T - B)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}"'
           ' font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{(W - R + L) / 2}" y="25" text-anchor="middle"'
           f' font-size="15">{title}</text>']
    for k in range(6):
        v = top * k / 5
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(v):.1f}"'
                   f' y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L - 8}" y="{y(v) + 4:.1f}"'
                   f' text-anchor="end">{v:g}</text>')
    for n in ns:
        out.append(f'<text x="{x(n):.1f}" y="{H - B + 18}"'
                   f' text-anchor="middle">{n}</text>')
    out.append(f'<text x="{(W - R + L) / 2}" y="{H - 15}"'
               ' text-anchor="middle">N (M = N = K)</text>')
    out.append(f'<text x="18" y="{(H - B + T) / 2}" text-anchor="middle"'
               f' transform="rotate(-90 18 {(H - B + T) / 2})">TFLOP/s</text>')
    out.append(f'<rect x="{L}" y="{T}" width="{W - L - R}"'
               f' height="{H - T - B}" fill="none" stroke="black"/>')
    for i, (key, name, colour) in enumerate(SERIES):
        pts = " ".join(f"{x(int(r['N'])):.1f},{y(float(r[key])):.1f}"
                       for r in rows)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}"'
                   ' stroke-width="2"/>')
        for r in rows:
            out.append(f'<circle cx="{x(int(r["N"])):.1f}"'
                       f' cy="{y(float(r[key])):.1f}" r="3.5"'
                       f' fill="{colour}"/>')
        ly = T + 10 + 22 * i
        out.append(f'<line x1="{W - R + 15}" x2="{W - R + 40}" y1="{ly}"'
                   f' y2="{ly}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{W - R + 46}" y="{ly + 4}">{name}</text>')
    out.append("</svg>")
    open(sys.argv[2], "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
