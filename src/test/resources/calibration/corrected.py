#!/usr/bin/env python3
"""Reference figures for the corrected rates (CorrectedTest), computed with numpy from the papers' formulas, not
from the Java code. The gold (n traces) is a sample drawn without replacement from the model's N judged traces
(the gold's and the others, f_all), and the rate wanted is theirs, so variances take the finite-population
correction (Cochran 1977, Sampling Techniques, 3rd ed.: eq 2.8 (1 - n/N) s^2/n for a sample mean, eq 3.4
(N - n)/(N - 1) PQ/n for a proportion, section 2.13 for domains); the judge's rate over all judged traces is a census.
- Rogan & Gladen (1978), Am J Epidemiol 107:71-76: p = (q + Sp - 1) / (Se + Sp - 1); delta-method variance
  (1 - n/N) [p^2 Se(1-Se)/n1 + (1-p)^2 Sp(1-Sp)/n0] / (Se + Sp - 1)^2 (Se and Sp independent; q a census);
- PPI++ for a mean (Angelopoulos, Duchi & Zrnic 2023, arXiv:2311.01453, mean estimation with power tuning):
  lam = Cov(y, f_L) / ((1 + n/N_U) Var(f_all)) clipped to [0, 1], N_U = N - n; theta = lam mean(f_U) +
  mean(y - lam f_L), which is the difference estimator mean_L(y - lam' (f - F)), lam' = lam N / N_U, F = mean(f_all)
  (Cochran ch. 7; Sarndal, Swensson & Wretman 1992, 6.3), variance (1 - n/N) s^2(y - lam' f) / n. Cross-fitted
  (cross-prediction, Zrnic & Candes 2024, PNAS 121:e2322083121): gold trace i gets lam_i, PPI++'s lam computed from
  the other n - 1 gold traces (n - 1 labelled, N - n + 1 unlabelled), lam'_i = lam_i N / (N - n + 1); theta =
  mean_i z_i, z_i = y_i - lam'_i (f_i - F), variance (1 - n/N) s^2(z)/n; reported lambda = mean_i lam_i.
  If that variance is not below the gold mean's ((1 - n/N) s^2(y)/n), or every lam_i is 0: the gold mean.
  95% interval: Agresti & Min (2005), Stat Med 24:729-740 (Wald interval of a difference of matched proportions from
  the 2x2 table with 0.5 added to each cell): the mean and variance of z over the gold's (y, f) table plus 0.5 per
  cell (n + 2 in all; an empty cell's z uses the lam' of all n gold traces), variance (1 - n/N) s^2 / (n + 2),
  centre +- z sd, clipped; widened to hold theta; where not narrower than the gold-only interval: the gold mean;
- gold only: the gold mean with the Wilson (1927) score interval for sampling without replacement, i.e. scipy's
  Wilson interval (binomtest(...).proportion_ci) at confidence level 2 Phi(z sqrt((N - n)/(N - 1))) - 1, which is the
  Wilson interval with z sqrt((N - n)/(N - 1)) in place of z (a census, n = N: the gold mean itself).
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
    fpc = max(0.0, 1 - len(y) / len(f_all))
    var = fpc * (p * p * se * (1 - se) / n1 + (1 - p) ** 2 * sp * (1 - sp) / n0) / j ** 2
    h = Z * np.sqrt(var)
    return {"value": p, "lo": clip(p - h), "hi": clip(p + h)}


def wilson(y, big_n):
    n = len(y)
    if big_n <= n:
        return clip(y.mean()), clip(y.mean())
    zc = Z * np.sqrt((big_n - n) / (big_n - 1))
    ci = binomtest(int(y.sum()), n).proportion_ci(confidence_level=2 * norm.cdf(zc) - 1, method="wilson")
    return clip(ci.low), clip(ci.high)


def ppi_lambda(y, f, f_all):
    """PPI++'s power-tuned lambda for labelled (y, f), the unlabelled being the rest of f_all."""
    m, big_n = len(y), len(f_all)
    var_all = f_all.var(ddof=1)
    if m < 2 or var_all <= 0:
        return 0.0
    lam = np.cov(y, f, ddof=1)[0, 1] / ((1 + m / (big_n - m)) * var_all)
    return min(1.0, max(0.0, lam))


def gold_mean(y, big_n):
    lo, hi = wilson(y, big_n)
    return {"value": clip(y.mean()), "lo": lo, "hi": hi, "lambda": 0.0}


def ppi(y, f, f_u):
    n, big_n = len(y), len(y) + len(f_u)
    if n < 2:
        return None
    if len(f_u) < 2:
        return gold_mean(y, big_n)
    f_all = np.concatenate([f, f_u])
    big_f = f_all.mean()
    fpc = 1 - n / big_n
    lams = np.array([ppi_lambda(np.delete(y, i), np.delete(f, i), f_all) for i in range(n)])
    lam_p = lams * big_n / (big_n - n + 1)
    z = y - lam_p * (f - big_f)
    theta, var = z.mean(), fpc * z.var(ddof=1) / n
    if var >= fpc * y.var(ddof=1) / n or not lams.any():
        return gold_mean(y, big_n)
    theta = clip(theta)
    # Agresti-Min: the four (y, f) cells with their counts plus 0.5, each with its cross-fitted z
    whole = ppi_lambda(y, f, f_all) * big_n / (big_n - n)
    vals, counts = [], []
    for a in (0, 1):
        for b in (0, 1):
            idx = np.flatnonzero((y == a) & (f == b))
            lp = lam_p[idx[0]] if len(idx) else whole
            vals.append(a - lp * (b - big_f))
            counts.append(len(idx) + 0.5)
    vals, counts = np.array(vals), np.array(counts)
    w = counts.sum()
    mean = (counts * vals).sum() / w
    sd = np.sqrt(fpc * (counts * (vals - mean) ** 2).sum() / (w - 1) / w)
    lo, hi = min(clip(mean - Z * sd), theta), max(clip(mean + Z * sd), theta)
    wlo, whi = wilson(y, big_n)
    if hi - lo >= whi - wlo:
        return gold_mean(y, big_n)
    return {"value": theta, "lo": lo, "hi": hi, "lambda": float(lams.mean())}


def gold_only(y, big_n):
    if len(y) < 2:
        return None
    lo, hi = wilson(y, big_n)
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
        n = int(rng.choice([2, 5, 12, 40, 150, 150, 300]))
        big_n = int(rng.choice([0, 1, 30, 400, 3000, 3000]))
        p = float(rng.choice([0.02, 0.1, 0.3, 0.5]))
        se = float(rng.uniform(0.4, 1.0))
        sp = float(rng.uniform(0.4, 1.0))
        truth = (rng.random(n + big_n) < p).astype(int)
        judged = np.where(truth == 1, rng.random(n + big_n) < se, rng.random(n + big_n) >= sp).astype(int)
        y, f, f_u = truth[:n], judged[:n], judged[n:]
        print(json.dumps({"case": case, "y": y.tolist(), "f": f.tolist(), "fU": f_u.tolist(),
                          "rogan_gladen": rogan_gladen(y, f, judged), "ppi": ppi(y, f, f_u),
                          "gold_only": gold_only(y, len(judged))}))


if __name__ == "__main__":
    main_stratified() if "--stratified" in sys.argv else main()
