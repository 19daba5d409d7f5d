#!/usr/bin/env python3
"""Reference figures for the calibration tests, written from the formulas (not from the Java code):
Cohen's kappa (Cohen 1960), Gwet's AC1 for two raters (Gwet 2008, Br J Math Stat Psychol 61:29-48, eq. for
gamma_1 with q categories), and the Wilson score interval (Wilson 1927) for each label's sensitivity.
Regenerate: python3 src/test/resources/calibration/reference.py > src/test/resources/calibration/reference.jsonl
       and python3 src/test/resources/calibration/reference.py multi > src/test/resources/calibration/ac1-multi.jsonl
"""
import json
import math
import random

Z = 1.959963984540054


def wilson(x, n):
    p = x / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return [c - h, c + h]


def figures(rater, gold):
    labels = sorted(set(rater) | set(gold))
    n = len(gold)
    q = len(labels)
    pa = sum(1 for r, g in zip(rater, gold) if r == g) / n
    pr = {k: sum(1 for r in rater if r == k) / n for k in labels}
    pg = {k: sum(1 for g in gold if g == k) / n for k in labels}
    pe_k = sum(pr[k] * pg[k] for k in labels)
    kappa = (pa - pe_k) / (1 - pe_k)
    pi = {k: (pr[k] + pg[k]) / 2 for k in labels}
    pe_g = sum(pi[k] * (1 - pi[k]) for k in labels) / (q - 1)
    ac1 = (pa - pe_g) / (1 - pe_g)
    sens = {}
    for k in labels:
        nk = sum(1 for g in gold if g == k)
        tp = sum(1 for r, g in zip(rater, gold) if r == k and g == k)
        if nk:
            sens[k] = [tp, nk, tp / nk] + wilson(tp, nk)
    return {"kappa": kappa, "ac1": ac1, "accuracy": pa, "sensitivity": sens}


def main():
    rng = random.Random(20261126)
    labels = ["correct", "tool_skip", "result_ignore", "output_fabrication"]
    for case in range(40):
        n = rng.randint(12, 300)
        q = rng.randint(2, 4)
        weights = [rng.random() + (3 if i == 0 else 0) for i in range(q)]  # a dominant label, as in real studies
        gold = rng.choices(labels[:q], weights=weights, k=n)
        acc = rng.uniform(0.4, 0.98)
        rater = [g if rng.random() < acc else rng.choice(labels[:q]) for g in gold]
        if len(set(rater) | set(gold)) < 2:
            continue
        out = {"case": case, "rater": rater, "gold": gold}
        out.update(figures(rater, gold))
        print(json.dumps(out))



def ac1_multi(table, labels):
    """Gwet (2008) AC1 for m raters, every item rated by all: table = list of per-item rating lists."""
    q = len(labels)
    n = len(table)
    m = len(table[0])
    pa = 0.0
    for item in table:
        for k in labels:
            r = item.count(k)
            pa += r * (r - 1) / (m * (m - 1))
    pa /= n
    pe = 0.0
    for k in labels:
        pi = sum(item.count(k) for item in table) / (n * m)
        pe += pi * (1 - pi)
    pe /= q - 1
    return (pa - pe) / (1 - pe)


def multi():
    rng = random.Random(35)
    labels = ["correct", "tool_skip", "result_ignore", "output_fabrication"]
    for case in range(30):
        n = rng.randint(10, 200)
        m = rng.randint(2, 5)
        q = rng.randint(2, 4)
        table = []
        for _ in range(n):
            truth = rng.choices(labels[:q], weights=[5] + [1] * (q - 1))[0]
            table.append([truth if rng.random() < 0.8 else rng.choice(labels[:q]) for _ in range(m)])
        print(json.dumps({"case": case, "labels": labels[:q], "table": table, "ac1": ac1_multi(table, labels[:q])}))


if __name__ == "__main__":
    import sys
    multi() if sys.argv[1:] == ["multi"] else main()
