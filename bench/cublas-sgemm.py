#!/usr/bin/env python3
"""cuBLAS SGEMM through torch (FP32, TF32 off), for bench/blas-tuned.sh.

For each size N (square) or MxNxK: fresh seeded uniform A and B in
[-1, 1], C = A @ B timed by CUDA events around each call after warm-ups
(median of the repetitions), C poisoned with NaN before every run and its
last result checked against a double-precision product on a sample of
4,096 elements (|C - ref| over sum |a b|, at most 1e-4, else exit 1).
One tab-separated line per size after a header.
Usage: bench/cublas-sgemm.py [--sizes 1024,2048] [--repetitions 20]
"""
import argparse
import statistics
import sys

import torch


def shape(text):
    parts = [int(p) for p in text.split("x")]
    if len(parts) == 1:
        return parts * 3
    if len(parts) != 3:
        sys.exit(f"cublas-sgemm: '{text}' is neither N nor MxNxK")
    return parts


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1024,2048,4096")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--repetitions", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    dev = torch.device("cuda")
    print("N\tcublas_s\tcublas_tflops\tmax_rel_error_cublas\tgpu")
    for text in a.sizes.split(","):
        m, n, k = shape(text)
        g = torch.Generator(device=dev).manual_seed(a.seed)
        A = torch.rand(m, k, device=dev, generator=g) * 2 - 1
        B = torch.rand(k, n, device=dev, generator=g) * 2 - 1
        C = torch.empty(m, n, device=dev)
        times = []
        for r in range(a.warmup + a.repetitions):
            C.fill_(float("nan"))
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            torch.matmul(A, B, out=C)
            end.record()
            torch.cuda.synchronize()
            if r >= a.warmup:
                times.append(start.elapsed_time(end) / 1e3)
        rows = torch.randint(0, m, (4096,), device=dev, generator=g)
        cols = torch.randint(0, n, (4096,), device=dev, generator=g)
        ref = (A.double()[rows] * B.double()[:, cols].t()).sum(1)
        scale = (A.double()[rows].abs() * B.double()[:, cols].t().abs()).sum(1)
        err = ((C[rows, cols].double() - ref).abs() / scale.clamp_min(1e-30))
        err = float(err.max()) if not torch.isnan(C).any() else float("nan")
        if not err <= 1e-4:  # NaN fails too
            sys.exit(f"cublas-sgemm: {text}: relative error {err:g} > 1e-4 "
                     "(the product is wrong, or TF32 was used)")
        s = statistics.median(times)
        name = text if m != n or n != k else str(n)
        print(f"{name}\t{s:.6e}\t{2.0 * m * n * k / s / 1e12:.4g}\t{err:.3e}\t"
              f"{torch.cuda.get_device_name(dev)}", flush=True)


if __name__ == "__main__":
    main()
