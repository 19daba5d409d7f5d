#!/usr/bin/env python3
"""Baseline for AgreementBench: sklearn cohen_kappa_score on the 3 rater pairs plus statsmodels
fleiss_kappa, on the 3 raters x 22,000 items CSV (item,rater,label) that AgreementBench writes.

Needs Debian's python3-sklearn and python3-statsmodels (apt-get install -y python3-sklearn
python3-statsmodels); run with /usr/bin/python3. Cohen uses items both raters labelled; Fleiss
uses items all three labelled, as the Java engine does.
"""
import csv
import statistics
import sys
import time

import numpy as np
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa


def load(path):
    rows = {}
    raters = []
    with open(path, newline="", encoding="utf-8") as f:
        for rec in csv.DictReader(f):
            if rec["rater"] not in raters:
                raters.append(rec["rater"])
            rows.setdefault(rec["item"], {})[rec["rater"]] = rec["label"]
    return rows, raters


def compute(rows, raters):
    out = {}
    for i in range(len(raters)):
        for j in range(i + 1, len(raters)):
            a, b = raters[i], raters[j]
            both = [(r[a], r[b]) for r in rows.values() if a in r and b in r]
            out[f"{a}/{b}"] = cohen_kappa_score([x for x, _ in both], [y for _, y in both])
    complete = [[r[x] for x in raters] for r in rows.values() if all(x in r for x in raters)]
    labels = sorted({v for row in complete for v in row})
    codes = np.array([[labels.index(v) for v in row] for row in complete])
    table, _ = aggregate_raters(codes)
    out["fleiss"] = fleiss_kappa(table, method="fleiss")
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "bench/out/agreement_3x22000.csv"
    t0 = time.perf_counter()
    rows, raters = load(path)
    load_ms = (time.perf_counter() - t0) * 1e3
    compute(rows, raters)  # warm-up
    times = []
    for _ in range(10):
        t0 = time.perf_counter()
        values = compute(rows, raters)
        times.append((time.perf_counter() - t0) * 1e3)
    print(f"python baseline: {len(rows)} items, raters {raters}; CSV load {load_ms:.1f} ms")
    print(f"3 sklearn cohen_kappa_score + statsmodels fleiss_kappa: mean {statistics.mean(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms over {len(times)} runs")
    print("  values: " + " ".join(f"{k}={v:.12f}" for k, v in values.items()))


if __name__ == "__main__":
    main()
