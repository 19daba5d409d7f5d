#!/usr/bin/env python3
"""Interval and point-estimate candidates for Rogan-Gladen and the stratified-label mean (issue 35;
bench/calibration-rg-strat.sh), simulated with numpy; the studies of bench/calibration-sim.sh.

Each study: a finite population of N judged traces (true rate p, judge sensitivity Se and specificity Sp), the truth
being the population's own rate; Rogan-Gladen uses a uniform gold sample of n drawn without replacement; the
stratified-label mean a sample of the same n stratified by the judge's label (square-root allocation, two at least
per stratum). The judge's rate q over all N is a census; gold-side variances take the finite-population correction
(Cochran 1977, Sampling Techniques, 3rd ed., eqs 2.8, 3.4, 5.6).

Rogan-Gladen (Rogan & Gladen 1978, Am J Epidemiol 107:71), p = (q - F)/(Se - F), F = 1 - Sp, Se and F from the gold:
  delta       p +- z sd, var (1 - n/N)[p^2 Se(1-Se)/n1 + (1-p)^2 F(1-F)/n0]/J^2 (the current one);
  LR          Lang & Reiczigel (2014, Prev Vet Med 113:13): Se and Sp with one success and one failure added
              (Agresti-Coull style), the estimate and delta variance at the adjusted values, the interval shifted by
              2 z^2 (p~ v(Se~) - (1 - p~) v(Sp~)) (their centring term); q a census here, so no term and no adjustment for
              it; variances times (1 - n/N);
  fieller     the set of p0 with (p0 Se^ + (1 - p0) F^ - q)^2 <= z^2 (1 - n/N)(p0^2 v(Se^) + (1 - p0)^2 v(F^)), plug-in
              variances (Fieller 1954 for a ratio): a quadratic in p0;
  score       the same test with the variances at the constrained maximum-likelihood Se~, F~ under
              p0 Se + (1 - p0) F = q (the score/Wilson scale; Miettinen & Nurminen 1985 for a difference of
              proportions, here a linear combination of two binomials with known sum): found by bisection;
  boot-gold   percentile bootstrap over the gold (the 2x2 table resampled, q kept: a census), the spread around the
              estimate scaled by sqrt(1 - n/N) (the rescaling bootstrap, Rao & Wu 1988); B replicates;
  boot-both   percentile bootstrap over both samples: the gold table and the other N - n judged traces resampled,
              q recomputed; no finite-population scaling (the superpopulation view).
  Point estimates: RG clipped to [0, 1] (now); RG unclipped (to see what the clipping adds); RG with the
  second-order (delta) bias removed, p - (p v(Se) - (1 - p) v(F))/J^2 (v with ddof 1: unbiased for Var), clipped;
  the jackknife's (Quenouille 1956) bias-corrected RG over the gold, clipped; RG with Se and F taken at (x + 0.5)/(n + 1)
  (the mean under Jeffreys' prior). Each with the score interval, widened to hold it.
Stratified-label mean (Cochran eq 5.1, theta = sum W_h ybar_h):
  AM          the current one: p~_h = (x_h + 0.5)/(n_h + 1) in centre and variance;
  wald, wald-t  theta +- z (or t at Satterthwaite's df) sqrt(sum W_h^2 (1 - f_h) s_h^2/n_h);
  AM-t        AM with t at Satterthwaite's df (computed from the AM variances);
  wilson-n*, cp-n*, jeffreys-n*   at the effective n* = theta(1-theta)/v (Kish), where theta is 0 or 1 n* = n;
  cp-n*df     Korn & Graubard (1998, Surv Methodol 24:193): CP at n* (t_{n-1}/t_df)^2;
  score       the set of theta0 with (theta^ - theta0)^2 <= z^2 sum W_h^2 (1 - f_h) pi~_h (1 - pi~_h)/n_h, pi~ the
              constrained maximum-likelihood stratum rates under sum W_h pi_h = theta0 (the stratified score interval;
              with one stratum it is the Wilson interval with the finite-population correction).
Then the exact coverage at n = 50 (see exact()) to show what the discreteness of a few expected positives allows.
Usage: python3 bench/calibration_rg_strat.py [STUDIES=1000] [N=2000] [SEED=1] [B=400]   (--exact: only that part)
"""
import sys
import numpy as np
from scipy.stats import beta, norm, t as tdist
from calibration_intervals import print_summary

Z = norm.ppf(0.975)


def clip(v):
    return np.clip(v, 0.0, 1.0)


# ---------------------------------------------------------------- the constrained MLE and the score test, vectorised
def pi_of_lambda(lam, a, x, n):
    """The root in [0, 1] of lam a pi^2 - (lam a + n) pi + x = 0 (the stationary point for one binomial)."""
    la = lam * a
    b = la + n
    disc = np.sqrt(np.maximum(b * b - 4 * la * x, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        pos = np.where(b + disc > 0, 2 * x / (b + disc), 0.0)
        neg = np.where(la != 0, (b - disc) / (2 * la), x / np.maximum(n, 1))
    out = np.where(b > 0, pos, neg)
    return np.where(n > 0, clip(out), 0.0)


def constrained(a, x, n, c, iters=100):
    """pi_h maximising sum x_h log pi_h + (n_h - x_h) log(1 - pi_h) under sum a_h pi_h = c (a_h >= 0), by bisection on
    phi with lam = tan(phi): sum a_h pi_h(lam) decreases in lam. a, x, n: lists of arrays (one per group)."""
    lo = np.full(np.shape(c), -np.pi / 2)
    hi = np.full(np.shape(c), np.pi / 2)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        lam = np.tan(mid)
        s = sum(ah * pi_of_lambda(lam, ah, xh, nh) for ah, xh, nh in zip(a, x, n))
        big = s > c
        lo = np.where(big, mid, lo)
        hi = np.where(big, hi, mid)
    lam = np.tan(0.5 * (lo + hi))
    return [pi_of_lambda(lam, ah, xh, nh) for ah, xh, nh in zip(a, x, n)]


def score_stat(est, target, a, x, n, fpc):
    """(est - target)^2 - z^2 sum a_h^2 fpc_h pi~_h (1 - pi~_h)/n_h, pi~ constrained to sum a_h pi_h = target; <= 0:
    accepted."""
    pis = constrained(a, x, n, target)
    v = sum(ah * ah * fh * ph * (1 - ph) / np.maximum(nh, 1) for ah, ph, nh, fh in zip(a, pis, n, fpc))
    return (est - target) ** 2 - Z * Z * v


def bisect_edge(accept, inside, outside, iters=60):
    """The boundary between inside (accepted) and outside (rejected) for a monotone acceptance along the segment."""
    for _ in range(iters):
        mid = 0.5 * (inside + outside)
        ok = accept(mid)
        inside = np.where(ok, mid, inside)
        outside = np.where(ok, outside, mid)
    return 0.5 * (inside + outside)


# ---------------------------------------------------------------- Rogan-Gladen
def rg_score(tp, n1, fp, n0, q, fpc):
    """Score interval for p with q fixed: test p0 Se + (1 - p0) F = q on the two gold binomials."""
    se = tp / np.maximum(n1, 1)
    fr = fp / np.maximum(n0, 1)
    j = se - fr
    raw = (q - fr) / np.where(j > 0, j, 1)
    start = clip(raw)

    def accept(p0):
        est = p0 * se + (1 - p0) * fr
        return score_stat(est, q, [1 - p0, p0], [fp, tp], [n0, n1], [fpc, fpc]) <= 0

    ok0 = accept(start)
    lo = np.where(accept(np.zeros_like(q)), 0.0, bisect_edge(accept, start, np.zeros_like(q)))
    hi = np.where(accept(np.ones_like(q)), 1.0, bisect_edge(accept, start, np.ones_like(q)))
    lo = np.where(ok0, lo, start)
    hi = np.where(ok0, hi, start)
    return lo, hi, ok0


def rg_fieller(se, fr, vse, vfr, q):
    """{p0: (J p0 - (q - F))^2 <= z^2 (p0^2 vse + (1 - p0)^2 vfr)} as a quadratic A p0^2 + B p0 + C <= 0."""
    j = se - fr
    d = q - fr
    z2 = Z * Z
    A = j * j - z2 * (vse + vfr)
    B = -2 * j * d + 2 * z2 * vfr
    C = d * d - z2 * vfr
    disc = B * B - 4 * A * C
    with np.errstate(invalid="ignore", divide="ignore"):
        r1 = (-B - np.sqrt(np.maximum(disc, 0))) / (2 * A)
        r2 = (-B + np.sqrt(np.maximum(disc, 0))) / (2 * A)
    bounded = (A > 0) & (disc >= 0)
    lo = np.where(bounded, np.minimum(r1, r2), 0.0)
    hi = np.where(bounded, np.maximum(r1, r2), 1.0)
    return clip(lo), clip(hi)


def rg_from(tp, n1, fp, n0, q):
    with np.errstate(invalid="ignore", divide="ignore"):
        se = tp / n1
        fr = fp / n0
        return (q - fr) / (se - fr), se, fr


# ---------------------------------------------------------------- one cell
def cell(rng, p, sens, spec, n, big_n, studies, boots):
    y = (rng.random((studies, big_n)) < p).astype(np.int8)
    f = np.where(y == 1, rng.random((studies, big_n)) < sens, rng.random((studies, big_n)) >= spec).astype(np.int8)
    truth = y.mean(1)
    q = f.mean(1)
    idx = np.argsort(rng.random((studies, big_n)), axis=1)[:, :n]
    yl = np.take_along_axis(y, idx, 1)
    fl = np.take_along_axis(f, idx, 1)
    tp = ((yl == 1) & (fl == 1)).sum(1).astype(float)
    fn = ((yl == 1) & (fl == 0)).sum(1).astype(float)
    fp = ((yl == 0) & (fl == 1)).sum(1).astype(float)
    tn = ((yl == 0) & (fl == 0)).sum(1).astype(float)
    n1, n0 = tp + fn, fp + tn
    fpc = 1 - n / big_n
    out = {}
    raw, se, fr = rg_from(tp, n1, fp, n0, q)
    j = se - fr
    ok = (n1 > 0) & (n0 > 0) & (j > 0)
    nan = np.full(studies, np.nan)

    def keep(est, lo, hi):
        return (np.where(ok, est, nan), np.where(ok, lo, nan), np.where(ok, hi, nan))

    p_hat = clip(raw)
    vse = fpc * se * (1 - se) / np.maximum(n1, 1)
    vfr = fpc * fr * (1 - fr) / np.maximum(n0, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        sd = np.sqrt((p_hat ** 2 * vse + (1 - p_hat) ** 2 * vfr) / j ** 2)
    out["RG delta (now)"] = keep(p_hat, clip(p_hat - Z * sd), clip(p_hat + Z * sd))
    # Lang & Reiczigel: +1 success, +1 failure to Se and Sp; q a census
    se_a = (tp + 1) / (n1 + 2)
    fr_a = (fp + 1) / (n0 + 2)
    j_a = se_a - fr_a
    p_a = (q - fr_a) / j_a
    vse_a = fpc * se_a * (1 - se_a) / (n1 + 2)
    vfr_a = fpc * fr_a * (1 - fr_a) / (n0 + 2)
    sd_a = np.sqrt(p_a ** 2 * vse_a + (1 - p_a) ** 2 * vfr_a) / np.abs(j_a)
    shift = 2 * Z * Z * (p_a * vse_a - (1 - p_a) * vfr_a)
    out["RG Lang-Reiczigel"] = keep(p_hat, np.minimum(p_hat, clip(p_a + shift - Z * sd_a)),
                                    np.maximum(p_hat, clip(p_a + shift + Z * sd_a)))
    lo, hi = rg_fieller(se, fr, vse, vfr, q)
    out["RG Fieller"] = keep(p_hat, np.minimum(lo, p_hat), np.maximum(hi, p_hat))
    lo, hi, acc = rg_score(tp, n1, fp, n0, q, fpc)
    empty = int((ok & ~acc).sum())
    ok_all = ok
    ok = ok & acc  # refused where no p in [0, 1] fits (as Tracejudge does)
    out["RG score"] = keep(p_hat, lo, hi)
    ok = ok_all
    # bootstraps
    if boots:
        probs = np.stack([tp, fn, fp, tn], 1) / n
        bl = np.empty((2, studies))
        bh = np.empty((2, studies))
        for s in range(studies):
            if not ok[s]:
                bl[:, s] = bh[:, s] = np.nan
                continue
            t = rng.multinomial(n, probs[s], size=boots).astype(float)
            r_g, _, _ = rg_from(t[:, 0], t[:, 0] + t[:, 1], t[:, 2], t[:, 2] + t[:, 3], q[s])
            # both samples: the other N - n judged traces resampled too (their judge rate from them)
            q_u = (q[s] * big_n - fl[s].sum()) / (big_n - n)
            q_b = (t[:, 0] + t[:, 2] + rng.binomial(big_n - n, q_u, size=boots)) / big_n
            r_b, _, _ = rg_from(t[:, 0], t[:, 0] + t[:, 1], t[:, 2], t[:, 2] + t[:, 3], q_b)
            good = (t[:, 0] + t[:, 1] > 0) & (t[:, 2] + t[:, 3] > 0) & (t[:, 0] / np.maximum(t[:, 0] + t[:, 1], 1)
                                                                          > t[:, 2] / np.maximum(t[:, 2] + t[:, 3], 1))
            r_g = p_hat[s] + np.sqrt(fpc) * (clip(r_g[good]) - p_hat[s])
            r_b = clip(r_b[good])
            bl[0, s], bh[0, s] = np.percentile(r_g, [2.5, 97.5])
            bl[1, s], bh[1, s] = np.percentile(r_b, [2.5, 97.5])
        out["RG bootstrap gold (FPC)"] = keep(p_hat, np.minimum(bl[0], p_hat), np.maximum(bh[0], p_hat))
        out["RG bootstrap both"] = keep(p_hat, np.minimum(bl[1], p_hat), np.maximum(bh[1], p_hat))
    # point estimates with the score interval
    ok = ok_all & acc
    out["RG unclipped (point)"] = keep(raw, lo, hi)
    with np.errstate(invalid="ignore", divide="ignore"):
        vse_u = fpc * se * (1 - se) / np.maximum(n1 - 1, 1)
        vfr_u = fpc * fr * (1 - fr) / np.maximum(n0 - 1, 1)
        bc = raw - (raw * vse_u - (1 - raw) * vfr_u) / j ** 2
    out["RG bias-corrected (point)"] = keep(clip(bc), np.minimum(lo, clip(bc)), np.maximum(hi, clip(bc)))
    # the jackknife (Quenouille): n p - (n - 1) mean of the leave-one-out estimates (q a census, unchanged); where
    # leaving a trace out leaves no trace with or without the label, the plain estimate
    with np.errstate(invalid="ignore", divide="ignore"):
        loo = {"tp": rg_from(tp - 1, n1 - 1, fp, n0, q)[0], "fn": rg_from(tp, n1 - 1, fp, n0, q)[0],
               "fp": rg_from(tp, n1, fp - 1, n0 - 1, q)[0], "tn": rg_from(tp, n1, fp, n0 - 1, q)[0]}
        cnt = {"tp": tp, "fn": fn, "fp": fp, "tn": tn}
        mean_loo = sum(np.where(cnt[k] > 0, cnt[k] * loo[k], 0) for k in loo) / n
        jk = n * raw - (n - 1) * mean_loo
    jk = np.where((n1 > 1) & (n0 > 1) & np.isfinite(jk), jk, raw)
    out["RG jackknife (point)"] = keep(clip(jk), np.minimum(lo, clip(jk)), np.maximum(hi, clip(jk)))
    # Se and the false-positive rate with half a trace added each way (Jeffreys' prior mean), then Rogan-Gladen
    se_j, fr_j = (tp + 0.5) / (n1 + 1), (fp + 0.5) / (n0 + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        pj = np.where(se_j > fr_j, clip((q - fr_j) / (se_j - fr_j)), p_hat)  # as Tracejudge does since this pass
    out["RG Jeffreys Se/Sp (point)"] = keep(pj, np.minimum(lo, pj), np.maximum(hi, pj))

    # ------------------------------------------------------------ stratified by the judge's label
    big1 = f.sum(1).astype(float)
    big0 = big_n - big1
    nn1 = np.rint(n * np.sqrt(big1) / (np.sqrt(big0) + np.sqrt(big1)))
    nn1 = np.minimum(big1, np.maximum(np.minimum(2, big1), nn1))
    nn0 = np.minimum(big0, n - nn1)
    x = np.empty((2, studies))
    for s in range(studies):
        for lab, nh in ((0, nn0[s]), (1, nn1[s])):
            pool = y[s][f[s] == lab]
            x[lab, s] = pool[rng.choice(len(pool), int(nh), replace=False)].sum() if nh > 0 else 0
    W = [big0 / big_n, big1 / big_n]
    nh_ = [nn0, nn1]
    fh = [np.where(big0 > 0, 1 - nn0 / np.maximum(big0, 1), 0), np.where(big1 > 0, 1 - nn1 / np.maximum(big1, 1), 0)]
    m = [x[h] / np.maximum(nh_[h], 1) for h in (0, 1)]
    theta = W[0] * m[0] + W[1] * m[1]
    a_h = [W[h] ** 2 * fh[h] / np.maximum(nh_[h], 1) for h in (0, 1)]
    s2 = [np.where(nh_[h] > 1, m[h] * (1 - m[h]) * nh_[h] / np.maximum(nh_[h] - 1, 1), 0) for h in (0, 1)]
    v = a_h[0] * s2[0] + a_h[1] * s2[1]
    with np.errstate(invalid="ignore", divide="ignore"):
        df = v ** 2 / sum((a_h[h] * s2[h]) ** 2 / np.maximum(nh_[h] - 1, 1) for h in (0, 1))
    df = np.where(np.isfinite(df) & (df > 0), df, n - 2)
    pt = [np.where(fh[h] == 0, m[h], (x[h] + 0.5) / (nh_[h] + 1)) for h in (0, 1)]
    centre = W[0] * pt[0] + W[1] * pt[1]
    vam = a_h[0] * pt[0] * (1 - pt[0]) + a_h[1] * pt[1] * (1 - pt[1])
    with np.errstate(invalid="ignore", divide="ignore"):
        df_am = vam ** 2 / sum((a_h[h] * pt[h] * (1 - pt[h])) ** 2 / np.maximum(nh_[h] - 1, 1) for h in (0, 1))
    df_am = np.where(np.isfinite(df_am) & (df_am > 0), df_am, n - 2)

    def hold(lo, hi):
        return (theta, np.minimum(theta, clip(lo)), np.maximum(theta, clip(hi)))

    out["strat AM (now)"] = hold(centre - Z * np.sqrt(vam), centre + Z * np.sqrt(vam))
    tq = tdist.ppf(0.975, df_am)
    out["strat AM, Satterthwaite t"] = hold(centre - tq * np.sqrt(vam), centre + tq * np.sqrt(vam))
    out["strat Wald"] = hold(theta - Z * np.sqrt(v), theta + Z * np.sqrt(v))
    tq = tdist.ppf(0.975, df)
    out["strat Wald, Satterthwaite t"] = hold(theta - tq * np.sqrt(v), theta + tq * np.sqrt(v))
    with np.errstate(invalid="ignore", divide="ignore"):
        ne = np.where((theta > 0) & (theta < 1) & (v > 0), theta * (1 - theta) / v, n)
    zz = Z * Z
    wc = (theta + zz / (2 * ne)) / (1 + zz / ne)
    wh = Z / (1 + zz / ne) * np.sqrt(theta * (1 - theta) / ne + zz / (4 * ne * ne))
    out["strat Wilson n*"] = hold(wc - wh, wc + wh)
    k = theta * ne
    with np.errstate(invalid="ignore", divide="ignore"):
        out["strat CP n*"] = hold(np.where(k <= 0, 0, beta.ppf(0.025, np.maximum(k, 1e-12), ne - k + 1)),
                                  np.where(k >= ne, 1, beta.ppf(0.975, k + 1, np.maximum(ne - k, 1e-12))))
        out["strat Jeffreys n*"] = hold(np.where(k <= 0, 0, beta.ppf(0.025, k + 0.5, ne - k + 0.5)),
                                        np.where(k >= ne, 1, beta.ppf(0.975, k + 0.5, ne - k + 0.5)))
        ratio = (tdist.ppf(0.975, n - 1) / tdist.ppf(0.975, df)) ** 2
        nd = ne * ratio
        kd = theta * nd
        out["strat CP n* df (Korn-Graubard)"] = hold(
            np.where(kd <= 0, 0, beta.ppf(0.025, np.maximum(kd, 1e-12), nd - kd + 1)),
            np.where(kd >= nd, 1, beta.ppf(0.975, kd + 1, np.maximum(nd - kd, 1e-12))))

    def accept(t0):
        return score_stat(theta, t0, W, [x[0], x[1]], nh_, fh) <= 0

    lo = np.where(accept(np.zeros(studies)), 0.0, bisect_edge(accept, theta, np.zeros(studies)))
    hi = np.where(accept(np.ones(studies)), 1.0, bisect_edge(accept, theta, np.ones(studies)))
    out["strat score"] = (theta, lo, hi)
    return truth, q - truth, out, empty


def main():
    studies = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    big_n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    boots = int(sys.argv[4]) if len(sys.argv) > 4 else 400
    rng = np.random.default_rng(seed)
    rows, cells, judge = {}, [], []
    for p in (0.05, 0.20):
        for sens, spec in ((0.85, 0.90), (0.70, 0.97)):
            for n in (50, 100, 200, 400):
                truth, jb, out, empty = cell(rng, p, sens, spec, n, big_n, studies, boots)
                cells.append(f"{p:.2f} {sens:.2f}/{spec:.2f} n={n}")
                judge.append((100 * jb.mean(), 100 * jb.std() / np.sqrt(studies), empty))
                for name, (est, lo, hi) in out.items():
                    ok = ~np.isnan(est)
                    d = est[ok] - truth[ok]
                    cov = 100 * np.mean((lo[ok] <= truth[ok]) & (truth[ok] <= hi[ok]))
                    rows.setdefault(name, []).append(
                        (cov, np.mean(hi[ok] - lo[ok]), 100 * d.mean(), 100 * d.std() / np.sqrt(ok.sum()), ok.sum()))
    print(f"{studies} studies per cell, N = {big_n}, seed {seed}, bootstrap B = {boots}")
    print("per candidate, one line per cell: coverage % | mean width | bias points [MC SE] | bias/MC-SE | defined")
    for name, r in rows.items():
        print(f"\n{name}")
        for c, (cov, w, b, m, k), (jbias, jse, empty) in zip(cells, r, judge):
            flag = "" if 93 <= cov <= 97 else "  <-- outside 93-97"
            print(f"  {c:22s} {cov:5.1f}% | {w:.4f} | {b:+.2f} [{m:.2f}] | {b / m if m else 0:+.1f} | {k:4d}"
                  f" | judge-only {jbias:+.2f} [{jse:.2f}]{flag}")
    print_summary(rows, 34)
    print("\nRG score: studies per cell whose data reject every p in [0, 1] (refused, as Tracejudge does):",
          [e for _, _, e in judge])


def exact(big_n=2000, n=50):
    """Exact coverage (every possible gold sample, multivariate hypergeometric; no simulation) at n = 50 of N = 2,000,
    as a function of the population's count K of traces with the label, the judge's error counts fixed at their
    expected values: Rogan-Gladen's delta and score intervals (uniform gold, among samples where it is defined) and the
    stratified-label AM and score intervals (judge-label strata, square-root allocation)."""
    from scipy.special import gammaln

    def lchoose(a, b):
        return gammaln(a + 1) - gammaln(b + 1) - gammaln(a - b + 1)

    for sens, spec in ((0.85, 0.90), (0.70, 0.97)):
        print(f"\nexact coverage at n = {n} of N = {big_n}, judge {sens:.2f}/{spec:.2f}, by K (true rate):"
              " RG delta / RG score (P defined) | stratified AM / score")
        line = []
        for k in range(60, 141, 10):
            k11 = round(sens * k)
            k10 = k - k11
            k01 = round((1 - spec) * (big_n - k))
            k00 = big_n - k - k01
            q = (k11 + k01) / big_n
            t = k / big_n
            g = np.stack(np.meshgrid(np.arange(n + 1), np.arange(n + 1), np.arange(n + 1), indexing="ij"), -1)
            g = g.reshape(-1, 3).astype(float)
            tp, fn, fp = g[:, 0], g[:, 1], g[:, 2]
            tn = n - tp - fn - fp
            ok = (tn >= 0) & (tp <= k11) & (fn <= k10) & (fp <= k01) & (tn <= k00)
            tp, fn, fp, tn = tp[ok], fn[ok], fp[ok], tn[ok]
            lp = (lchoose(k11, tp) + lchoose(k10, fn) + lchoose(k01, fp) + lchoose(k00, tn) - lchoose(big_n, n))
            pr = np.exp(lp)
            n1, n0 = tp + fn, fp + tn
            fpc = 1 - n / big_n
            qq = np.full(len(tp), q)
            raw, se, fr = rg_from(tp, n1, fp, n0, qq)
            j = se - fr
            de = (n1 > 0) & (n0 > 0) & (j > 0)
            ph = clip(np.where(de, raw, 0))
            vse = fpc * se * (1 - se) / np.maximum(n1, 1)
            vfr = fpc * fr * (1 - fr) / np.maximum(n0, 1)
            with np.errstate(invalid="ignore", divide="ignore"):
                sd = np.sqrt((ph ** 2 * vse + (1 - ph) ** 2 * vfr) / j ** 2)
            cd = de & (clip(ph - Z * sd) <= t) & (t <= clip(ph + Z * sd))
            lo, hi, acc = rg_score(np.where(de, tp, 1), np.where(de, n1, 2), np.where(de, fp, 0),
                                   np.where(de, n0, 2), qq, np.full(len(tp), fpc))
            cs = de & acc & (lo <= t) & (t <= hi)
            pd = pr[de].sum()
            # stratified by the judge's label
            b1 = k11 + k01
            b0 = big_n - b1
            m1 = int(round(n * np.sqrt(b1) / (np.sqrt(b0) + np.sqrt(b1))))
            m0 = n - m1
            x0 = np.arange(m0 + 1)[:, None] * np.ones((1, m1 + 1))
            x1 = np.ones((m0 + 1, 1)) * np.arange(m1 + 1)[None, :]
            ps = np.exp(lchoose(k10, x0) + lchoose(b0 - k10, m0 - x0) - lchoose(b0, m0)
                        + lchoose(k11, x1) + lchoose(b1 - k11, m1 - x1) - lchoose(b1, m1))
            ps = np.where((x0 <= k10) & (m0 - x0 <= b0 - k10) & (x1 <= k11) & (m1 - x1 <= b1 - k11), ps, 0)
            x0, x1, ps = x0.ravel(), x1.ravel(), np.nan_to_num(ps.ravel())
            W = [b0 / big_n, b1 / big_n]
            f0, f1 = 1 - m0 / b0, 1 - m1 / b1
            th = W[0] * x0 / m0 + W[1] * x1 / m1
            p0, p1 = (x0 + 0.5) / (m0 + 1), (x1 + 0.5) / (m1 + 1)
            c = W[0] * p0 + W[1] * p1
            h = Z * np.sqrt(W[0] ** 2 * f0 * p0 * (1 - p0) / m0 + W[1] ** 2 * f1 * p1 * (1 - p1) / m1)
            am = (np.minimum(th, clip(c - h)) <= t) & (t <= np.maximum(th, clip(c + h)))
            nn = [np.full(len(x0), float(m0)), np.full(len(x0), float(m1))]
            fh = [np.full(len(x0), f0), np.full(len(x0), f1)]

            def accept(t0):
                return score_stat(th, t0, W, [x0, x1], nn, fh) <= 0

            slo = np.where(accept(np.zeros(len(x0))), 0.0, bisect_edge(accept, th, np.zeros(len(x0))))
            shi = np.where(accept(np.ones(len(x0))), 1.0, bisect_edge(accept, th, np.ones(len(x0))))
            sc = (slo <= t) & (t <= shi)
            line.append(f"K={k} ({t:.3f}): {100 * pr[cd].sum() / pd:.1f} / {100 * pr[cs].sum() / pd:.1f} "
                        f"({pd:.3f}) | {100 * ps[am].sum():.1f} / {100 * ps[sc].sum():.1f}")
        print("  " + "\n  ".join(line))


if __name__ == "__main__":
    if "--exact" in sys.argv:
        exact()
    else:
        main()
        exact()
