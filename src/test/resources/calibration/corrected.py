#!/usr/bin/env python3
"""Reference figures for the corrected rates (CorrectedTest), computed with numpy from the papers' formulas, not
from the Java code. The gold (n traces) is a sample drawn without replacement from the model's N judged traces
(the gold's and the others, f_all), and the rate wanted is theirs, so variances take the finite-population
correction (Cochran 1977, Sampling Techniques, 3rd ed.: eq 2.8 (1 - n/N) s^2/n for a sample mean, eq 3.4
(N - n)/(N - 1) PQ/n for a proportion, section 2.13 for domains); the judge's rate over all judged traces is a census.
- Rogan & Gladen (1978), Am J Epidemiol 107:71-76: p = (q + Sp - 1) / (Se + Sp - 1) with Se and F = 1 - Sp at their
  posterior means under Jeffreys' Beta(1/2, 1/2) prior, (x + 1/2)/(n + 1) (the plain proportions where that makes
  Se <= F, or the gold is every judged trace), clipped to [0, 1]; interval (around the plain estimate, widened to hold
  the estimate) by
  inverting the score test of p0 Se + (1 - p0) F = q (F = 1 - Sp, the false-positive rate; Miettinen & Nurminen 1985,
  Stat Med 4:213, for a difference of two proportions, here a linear combination of the two gold binomials): accept p0
  where (p0 Se^ + (1 - p0) F^ - q)^2 <= z^2 (1 - n/N) [p0^2 Se~(1 - Se~)/n1 + (1 - p0)^2 F~(1 - F~)/n0], Se~, F~ the
  maximum-likelihood values under the constraint (see score_accepts); none where the clipped estimate is rejected;
  n = N: the estimate itself;
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
  eq. 5.1 (y_st = sum W_h ybar_h, W_h = N_h / N); 95% interval by inverting the stratified score test: accept theta0
  where (y_st - theta0)^2 <= z^2 sum W_h^2 (1 - n_h/N_h) pi~_h (1 - pi~_h) / n_h, pi~ the maximum-likelihood stratum
  shares under sum W_h pi_h = theta0 (strata decided in full held at their mean); none where a stratum with traces has
  no gold.
The constrained maximum likelihood (score_accepts): maximise sum x_h log pi_h + (n_h - x_h) log(1 - pi_h) under
sum a_h pi_h = c; Lagrange: x_h/pi_h - (n_h - x_h)/(1 - pi_h) = lam a_h, solved for pi_h in (0, 1) with scipy's brentq
(x_h = 0 or n_h: the boundary where the slope never reaches lam a_h), lam by brentq on sum a_h pi_h(lam) = c, and the
interval's edges by brentq on the accept/reject boundary (the Java code bisects instead).
Regenerate: python3 src/test/resources/calibration/corrected.py > src/test/resources/calibration/corrected.jsonl
            python3 src/test/resources/calibration/corrected.py --stratified > src/test/resources/calibration/stratified.jsonl
"""
import sys
import json
import numpy as np
from scipy.optimize import brentq
from scipy.stats import binomtest, norm

Z = norm.ppf(0.975)


def clip(v):
    return float(min(1.0, max(0.0, v)))


def pi_given_slope(lam, a, x, n):
    """pi in [0, 1] where the binomial log-likelihood's slope x/pi - (n - x)/(1 - pi) equals lam a."""
    t = lam * a
    if x == 0 and t >= -n:
        return 0.0  # slope -n/(1 - pi) <= -n everywhere: never above t unless t < -n
    if x == n and t <= n:
        return 1.0
    g = lambda pi: x / pi - (n - x) / (1 - pi) - t
    lo, hi = 1e-300, 1 - 1e-16
    if g(lo) <= 0:
        return 0.0
    if g(hi) >= 0:
        return 1.0
    return brentq(g, lo, hi, xtol=1e-17, rtol=8.9e-16, maxiter=500)


def constrained_mle(a, x, n, c):
    total = lambda lam: sum(ah * pi_given_slope(lam, ah, xh, nh) for ah, xh, nh in zip(a, x, n)) - c
    lo, hi = -1.0, 1.0
    while total(lo) < 0 and lo > -1e300:
        lo *= 4
    while total(hi) > 0 and hi < 1e300:
        hi *= 4
    if total(lo) < 0 or total(hi) > 0:  # c out of reach: the proportions sit at their bounds
        lam = lo if total(lo) < 0 else hi
    else:
        lam = brentq(total, lo, hi, xtol=1e-300, rtol=8.9e-16, maxiter=2000)
    return [pi_given_slope(lam, ah, xh, nh) for ah, xh, nh in zip(a, x, n)]


def score_accepts(est, c, a, x, n, fpc):
    pis = constrained_mle(a, x, n, c)
    v = sum(ah * ah * fh * ph * (1 - ph) / nh for ah, ph, nh, fh in zip(a, pis, n, fpc))
    return (est - c) ** 2 <= Z * Z * v


def score_edge(accept, inside, outside):
    """The accept/reject boundary between inside (accepted) and outside; outside itself when accepted."""
    if accept(outside):
        return float(outside)
    # brentq on a 0/1 step function finds the jump to within xtol
    return brentq(lambda t: 0.5 if accept(t) else -0.5, inside, outside, xtol=1e-15, rtol=8.9e-16, maxiter=500)


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
    fr = 1 - sp
    raw = clip((q - fr) / j)
    fpc = max(0.0, 1 - len(y) / len(f_all))
    if fpc == 0:
        return {"value": raw, "lo": raw, "hi": raw}
    tp, fp = int(f[y == 1].sum()), int(f[y == 0].sum())
    # the estimate at Jeffreys' posterior means of Se and F (Beta(1/2, 1/2) prior): (x + 1/2)/(n + 1)
    se_j, fr_j = (tp + 0.5) / (n1 + 1), (fp + 0.5) / (n0 + 1)
    p = clip((q - fr_j) / (se_j - fr_j)) if se_j > fr_j else raw

    def accept(p0):
        return score_accepts(p0 * se + (1 - p0) * fr, q, [1 - p0, p0], [fp, tp], [n0, n1], [fpc, fpc])

    if not accept(raw):
        return None
    return {"value": p, "lo": min(p, score_edge(accept, raw, 0.0)), "hi": max(p, score_edge(accept, raw, 1.0))}


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
    theta, known = 0.0, 0.0
    a, x, n, fpc = [], [], [], []
    for y, big_n in zip(ys, big_ns):
        if big_n == 0:
            continue
        y = np.array(y, dtype=float)
        if len(y) == 0:
            return None
        w = big_n / total
        theta += w * y.mean()
        if len(y) >= big_n:
            known += w * y.mean()  # decided in full
            continue
        a.append(w)
        x.append(int(y.sum()))
        n.append(len(y))
        fpc.append(1 - len(y) / big_n)
    v = clip(theta)
    if not a:
        return {"value": v, "lo": v, "hi": v}
    sampled = theta - known

    def accept(t0):
        return score_accepts(sampled, t0 - known, a, x, n, fpc)

    return {"value": v, "lo": score_edge(accept, v, 0.0), "hi": score_edge(accept, v, 1.0)}


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
