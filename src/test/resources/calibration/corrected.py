#!/usr/bin/env python3
"""Reference figures for the corrected rates (CorrectedTest), computed with numpy from the papers' formulas, not
from the Java code:
- Rogan & Gladen (1978), Am J Epidemiol 107:71-76: p = (q + Sp - 1) / (Se + Sp - 1); the delta-method variance
  [q(1-q)/N + p^2 Se(1-Se)/n1 + (1-p)^2 Sp(1-Sp)/n0] / (Se + Sp - 1)^2 (delta method, the three estimates
  taken as independent);
- PPI++ for a mean (Angelopoulos, Duchi & Zrnic 2023, arXiv:2311.01453, section on mean estimation with power
  tuning): theta = lam * mean(f_U) + mean(y - lam * f_L), lam = Cov(y, f_L) / ((1 + n/N) Var(f_L u f_U)) clipped to
  [0, 1], variance lam^2 Var(f_U)/N + Var(y - lam f_L)/n; lam = 0 where its variance is smaller (then it is the gold
  mean). Its 95% interval at a tuned lam: Agresti & Min (2005), Stat Med 24:729-740 (Wald interval of a difference
  of matched proportions from the 2x2 table with 0.5 added to each cell) applied to the gold-side term: mean and
  variance of y - lam f over the gold's (y, f) table plus 0.5 per cell (n + 2 in all), plus lam^2 Var(f_U)/N; widened
  to hold the estimate; where it is not narrower than the gold-only Wilson interval, lam = 0 (the gold mean, Wilson);
- gold only: the gold mean with the Wilson (1927) score interval, from scipy (binomtest(...).proportion_ci).
Sample variances use ddof=1; normal intervals are estimate +- z * sd clipped to [0, 1].
- the stratified mean for a sample stratified by the judge's label: Cochran (1977), Sampling Techniques, 3rd ed.,
  eq. 5.1 (y_st = sum W_h ybar_h, W_h = N_h / N) with eq. 5.6's variance taken at p~_h = (x_h + 0.5)/(n_h + 1) (the
  Agresti-Min 0.5 per cell of the gold x judge table; a stratum decided in full counts exactly): 95% interval
  centre sum W_h p~_h +- z sqrt(sum W_h^2 (1 - n_h/N_h) p~_h (1 - p~_h) / n_h), widened to hold y_st, clipped to
  [0, 1]; none where a stratum with traces has no gold.
Regenerate: python3 src/test/resources/calibration/corrected.py > src/test/resources/calibration/corrected.jsonl
            python3 src/test/resources/calibration/corrected.py --stratified > src/test/resources/calibration/stratified.jsonl
"""
import sys
import json
import numpy as np
from scipy.stats import binomtest, norm

Z = norm.ppf(0.975)


def clip(v):
    return float(min(1.0, max(0.0, v)))


def rogan_gladen(y, f, f_all):
    n1 = int((y == 1).sum())
    n0 = int((y == 0).sum())
    if n1 == 0 or n0 == 0:
        return None
    se = f[y == 1].mean()
    sp = 1 - f[y == 0].mean()
    j = se + sp - 1
    if j <= 0:
        return None
    q = f_all.mean()
    p = clip((q + sp - 1) / j)
    var = (q * (1 - q) / len(f_all) + p * p * se * (1 - se) / n1 + (1 - p) ** 2 * sp * (1 - sp) / n0) / j ** 2
    h = Z * np.sqrt(var)
    return {"value": p, "lo": clip(p - h), "hi": clip(p + h)}


def theta_var(y, f, f_u, lam):
    r = y - lam * f
    theta = r.mean()
    var = r.var(ddof=1) / len(y)
    if lam != 0 and len(f_u) > 0:
        theta += lam * f_u.mean()
        var += lam * lam * (f_u.var(ddof=1) if len(f_u) > 1 else 0.0) / len(f_u)
    return theta, var


def interval(theta, var, lam):
    h = Z * np.sqrt(var)
    out = {"value": clip(theta), "lo": clip(theta - h), "hi": clip(theta + h)}
    if lam is not None:
        out["lambda"] = float(lam)
    return out


def wilson(y):
    ci = binomtest(int(y.sum()), len(y)).proportion_ci(confidence_level=0.95, method="wilson")
    return clip(ci.low), clip(ci.high)


def agresti_min(y, f, f_u, lam):
    # the gold's (y, f) values with their counts, plus 0.5 of each of the four (y, f) pairs
    vals = [a - lam * b for a in (0, 1) for b in (0, 1)]
    counts = [float(((y == a) & (f == b)).sum()) + 0.5 for a in (0, 1) for b in (0, 1)]
    w = sum(counts)
    mean = sum(c * v for c, v in zip(counts, vals)) / w
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, vals)) / (w - 1) / w
    var += lam * lam * (f_u.var(ddof=1) if len(f_u) > 1 else 0.0) / len(f_u)
    centre = lam * f_u.mean() + mean
    h = Z * np.sqrt(var)
    return clip(centre - h), clip(centre + h)


def gold_mean(y):
    lo, hi = wilson(y)
    return {"value": clip(y.mean()), "lo": lo, "hi": hi, "lambda": 0.0}


def ppi(y, f, f_u):
    n, big_n = len(y), len(f_u)
    if n < 2:
        return None
    if big_n < 2:
        return gold_mean(y)
    var_all = np.concatenate([f, f_u]).var(ddof=1)
    lam = 0.0
    if var_all > 0:
        lam = np.cov(y, f, ddof=1)[0, 1] / ((1 + n / big_n) * var_all)
        lam = min(1.0, max(0.0, lam))
    t1, v1 = theta_var(y, f, f_u, lam)
    t0, v0 = theta_var(y, f, f_u, 0.0)
    if v1 > v0 or lam == 0:
        return gold_mean(y)
    theta = clip(t1)
    lo, hi = agresti_min(y, f, f_u, lam)
    lo, hi = min(lo, theta), max(hi, theta)
    wlo, whi = wilson(y)
    if hi - lo >= whi - wlo:
        return gold_mean(y)
    return {"value": theta, "lo": lo, "hi": hi, "lambda": float(lam)}


def gold_only(y):
    if len(y) < 2:
        return None
    lo, hi = wilson(y)
    return {"value": clip(y.mean()), "lo": lo, "hi": hi}


def stratified(ys, big_ns):
    total = sum(big_ns)
    if total == 0:
        return None
    theta, centre, adjusted = 0.0, 0.0, 0.0
    for y, big_n in zip(ys, big_ns):
        if big_n == 0:
            continue
        y = np.array(y, dtype=float)
        n = len(y)
        if n == 0:
            return None
        w = big_n / total
        fpc = 1 - n / big_n
        theta += w * y.mean()
        p = y.mean() if fpc == 0 else (y.sum() + 0.5) / (n + 1)
        centre += w * p
        adjusted += w * w * fpc * p * (1 - p) / n
    h = Z * np.sqrt(adjusted)
    v = clip(theta)
    return {"value": v, "lo": min(v, clip(centre - h)), "hi": max(v, clip(centre + h))}


def main_stratified():
    rng = np.random.default_rng(20261127)
    for case in range(40):
        k = int(rng.integers(1, 6))
        big_ns = [int(rng.choice([1, 2, 7, 60, 500])) for _ in range(k)]
        ys = []
        for big_n in big_ns:
            n = int(rng.integers(0, min(big_n, 30) + 1)) if rng.random() < 0.9 else 0
            if case % 5 != 0:
                n = max(n, min(big_n, 2))  # most cases estimable; every fifth may be refused
            p = float(rng.choice([0.0, 0.05, 0.3, 0.8, 1.0]))
            ys.append((rng.random(n) < p).astype(int).tolist())
        print(json.dumps({"case": case, "y": ys, "N": big_ns, "stratified": stratified(ys, big_ns)}))


def main():
    rng = np.random.default_rng(20261126)
    for case in range(60):
        n = int(rng.choice([2, 5, 12, 40, 150]))
        big_n = int(rng.choice([0, 1, 30, 400, 3000]))
        p = float(rng.choice([0.02, 0.1, 0.3, 0.5]))
        se = float(rng.uniform(0.4, 1.0))
        sp = float(rng.uniform(0.4, 1.0))
        truth = (rng.random(n + big_n) < p).astype(int)
        judged = np.where(truth == 1, rng.random(n + big_n) < se, rng.random(n + big_n) >= sp).astype(int)
        y, f, f_u = truth[:n], judged[:n], judged[n:]
        print(json.dumps({"case": case, "y": y.tolist(), "f": f.tolist(), "fU": f_u.tolist(),
                          "rogan_gladen": rogan_gladen(y, f, judged), "ppi": ppi(y, f, f_u),
                          "gold_only": gold_only(y)}))


if __name__ == "__main__":
    main_stratified() if "--stratified" in sys.argv else main()
