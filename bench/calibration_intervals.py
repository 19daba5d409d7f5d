#!/usr/bin/env python3
"""Interval candidates for the corrected rates, simulated with numpy (issue 35; bench/calibration-intervals.sh).

The studies of bench/calibration-sim.sh: a finite population of N judged traces (true rate p, judge sensitivity Se
and specificity Sp), a gold sample of n drawn without replacement, the truth being the population's own rate. Every
candidate takes the finite-population correction (Cochran 1977, Sampling Techniques, 3rd ed., eqs 2.8, 3.4, 5.6): the
judge's rate over all judged traces is a census (no sampling variance); gold-side variances are multiplied by
(1 - n/N) (sample variances, ddof 1) or (N - n)/(N - 1) (a hypothesised p(1 - p)).

Point estimates:
  gold      the gold mean;
  RG        Rogan & Gladen (1978), Se and Sp from the gold, q the judge's rate over all judged traces;
  PPI++     the difference estimator ybar_L - lam' (fbar_L - F) (= PPI++ with the non-gold traces as its unlabelled
            set, lam' = lam N/(N - n), lam = Cov_L(y, f) / ((1 + n/(N - n)) S_f^2) clipped to [0, 1]); "plain": lam from
            all the gold; "cross-fit": each gold trace's lam from the other gold traces (leave one out, as cross-fitting
            in Zrnic & Candes 2024, PNAS 121:e2322083121 and Angelopoulos et al. 2023), so lam is independent of the
            trace it is applied to; the variance (1 - n/N) s^2(y_i - lam'_i (f_i - F)) / n;
            "+fallback": the gold mean where PPI++'s variance or interval is not smaller than the gold-only one (as
            Tracejudge does, so PPI++'s interval is never wider);
  strat     the stratified mean of a sample stratified by the judge's label (Cochran eq 5.1; sqrt allocation).
Interval candidates (all at 95%):
  wald      estimate +- z sqrt(v);
  AM        PPI++ only: the gold x judge table with 0.5 added per cell (Agresti & Min 2005); for strat, 0.5 per stratum
            label (the current Tracejudge intervals);
  wilson    Wilson's score interval at the effective sample size n* = p(1 - p)/v (Kish's design effect; Dean & Pagano
            2015, J Surv Stat Methodol 3:484); where p is 0 or 1, n* = n (N - 1)/(N - n) (gold-only Wilson with FPC);
  cp        Clopper-Pearson at the effective sample size (Korn & Graubard 1998, Surv Methodol 24:193), same n*.
Prints, per candidate and cell, coverage % (mean width); then per candidate the summary over all cells; then the exact
coverage (no simulation: every possible gold sample, hypergeometric) of the stratified-label intervals and of the
gold-only Wilson interval at 50 gold traces, as a function of the population's count of traces with the label, to
show how far a 95% target is reachable when a few positives are expected.
Usage: python3 bench/calibration_intervals.py [STUDIES=1000] [N=2000] [SEED=1]
"""
import sys
import numpy as np
from scipy.stats import beta, norm

Z = norm.ppf(0.975)
WIDER = {}


def wilson(p, n, z=Z):
    p = np.clip(p, 0, 1)
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    h = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return np.clip(centre - h, 0, 1), np.clip(centre + h, 0, 1)


def cp(p, n):
    p = np.clip(p, 0, 1)
    x = p * n
    with np.errstate(invalid="ignore", divide="ignore"):
        lo = np.where(x <= 0, 0.0, beta.ppf(0.025, np.maximum(x, 1e-12), n - x + 1))
        hi = np.where(x >= n, 1.0, beta.ppf(0.975, x + 1, np.maximum(n - x, 1e-12)))
    return lo, hi


def neff(theta, v, n, big_n):
    c = (big_n - n) / (big_n - 1)
    t = np.clip(theta, 0, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ne = np.where((t > 0) & (t < 1) & (v > 0), t * (1 - t) / v, n / c)
    return t, ne


def wald(theta, v):
    h = Z * np.sqrt(np.maximum(v, 0))
    return np.clip(theta - h, 0, 1), np.clip(theta + h, 0, 1)


def family(theta, v, n, big_n):
    t, ne = neff(theta, v, n, big_n)
    return {"wald": wald(theta, v), "wilson": wilson(t, ne), "cp": cp(t, ne)}


def tables(rng, p, se, sp, n, big_n, studies):
    y = (rng.random((studies, big_n)) < p).astype(int)
    f = np.where(y == 1, rng.random((studies, big_n)) < se, rng.random((studies, big_n)) >= sp).astype(int)
    idx = np.argsort(rng.random((studies, big_n)), axis=1)[:, :n]
    yl = np.take_along_axis(y, idx, 1)
    fl = np.take_along_axis(f, idx, 1)
    cells = {(a, b): ((yl == a) & (fl == b)).sum(1).astype(float) for a in (0, 1) for b in (0, 1)}
    return y, f, cells


def lam_prime(c, n, big_n, sf2):
    """lam' = lam N / (N - n) from a gold table (counts per (y, f) cell, n of them)."""
    n1_ = c[(1, 0)] + c[(1, 1)]
    m1 = c[(0, 1)] + c[(1, 1)]
    with np.errstate(invalid="ignore", divide="ignore"):
        cov = np.where(n > 1, (c[(1, 1)] - n1_ * m1 / n) / (n - 1), 0.0)
        lam = np.where(sf2 > 0, cov / ((1 + n / (big_n - n)) * sf2), 0.0)
    return np.clip(lam, 0, 1) * big_n / (big_n - n)


def weighted_mean_var(vals, counts):
    w = sum(counts.values())
    m = sum(counts[k] * vals[k] for k in counts) / w
    ss = sum(counts[k] * (vals[k] - m) ** 2 for k in counts)
    return m, ss / (w - 1), w


def ppi(c, n, big_n, fbar, sf2, crossfit):
    """(theta, variance with FPC, z-values per cell) of PPI++ as the difference estimator."""
    if crossfit:
        lam = {}
        whole = lam_prime(c, n, big_n, sf2)
        for k in c:
            d = {kk: c[kk] - (1 if kk == k else 0) for kk in c}
            # a cell without gold traces (weighted only by AM's 0.5): its lam' is the whole gold's
            lam[k] = np.where(c[k] > 0, lam_prime(d, n - 1, big_n, sf2), whole)
    else:
        lp = lam_prime(c, n, big_n, sf2)
        lam = {k: lp for k in c}
    vals = {k: k[0] - lam[k] * (k[1] - fbar) for k in c}
    m, s2, _ = weighted_mean_var(vals, c)
    return m, (1 - n / big_n) * s2 / n, vals, lam


def am_interval(c, n, big_n, vals):
    adj = {k: c[k] + 0.5 for k in c}
    m, s2, w = weighted_mean_var(vals, adj)
    return wald(m, (1 - n / big_n) * s2 / w)


def study_cell(rng, p, se, sp, n, big_n, studies):
    y, f, c = tables(rng, p, se, sp, n, big_n, studies)
    truth = y.mean(1)
    fbar = f.mean(1)
    sf2 = f.var(1, ddof=1)
    out = {}
    k1 = c[(1, 0)] + c[(1, 1)]
    ybar = k1 / n
    vgold = (1 - n / big_n) * ybar * (1 - ybar) * n / (n - 1) / n
    cfpc = (big_n - n) / (big_n - 1)
    gw = wilson(ybar, n / cfpc)
    out["gold wilson-fpc"] = (ybar, gw)
    out["gold wilson (no fpc)"] = (ybar, wilson(ybar, n))
    for name, iv in family(ybar, vgold, n, big_n).items():
        if name != "wilson":
            out["gold " + name] = (ybar, iv)
    # Rogan-Gladen: q a census; Se and Sp from the gold, their variances with (1 - n/N)
    n1 = k1
    n0 = n - k1
    with np.errstate(invalid="ignore", divide="ignore"):
        se_h = c[(1, 1)] / n1
        sp_h = c[(0, 0)] / n0
        j = se_h + sp_h - 1
        ok = (n1 > 0) & (n0 > 0) & (j > 0)
        prg = np.clip((fbar + sp_h - 1) / j, 0, 1)
        vrg = (1 - n / big_n) * (prg ** 2 * se_h * (1 - se_h) / n1 + (1 - prg) ** 2 * sp_h * (1 - sp_h) / n0) / j ** 2
        vrg_old = vrg / (1 - n / big_n) + fbar * (1 - fbar) / big_n
    for name, iv in family(prg, vrg, n, big_n).items():
        out["RG " + name] = (np.where(ok, prg, np.nan), (np.where(ok, iv[0], np.nan), np.where(ok, iv[1], np.nan)))
    wo = wald(prg, vrg_old)
    out["RG wald (no fpc)"] = (np.where(ok, prg, np.nan), (np.where(ok, wo[0], np.nan), np.where(ok, wo[1], np.nan)))
    for cf in (False, True):
        tag = "PPI++ " + ("cross-fit" if cf else "plain")
        th, v, vals, lam = ppi(c, n, big_n, fbar, sf2, cf)
        ivs = family(th, v, n, big_n)
        ivs["AM"] = am_interval(c, n, big_n, vals)
        for name, iv in ivs.items():
            lo, hi = iv
            lo = np.minimum(lo, np.clip(th, 0, 1))
            hi = np.maximum(hi, np.clip(th, 0, 1))
            out[tag + " " + name] = (np.clip(th, 0, 1), (lo, hi))
            # the Tracejudge rule: the gold mean with Wilson (FPC) where PPI++ is not more precise or its interval wider
            worse = (v >= vgold) | ((hi - lo) >= (gw[1] - gw[0]))
            out[tag + "+fallback " + name] = (np.where(worse, ybar, np.clip(th, 0, 1)),
                                              (np.where(worse, gw[0], lo), np.where(worse, gw[1], hi)))
            wider = (hi - lo) > (gw[1] - gw[0]) + 1e-12
            WIDER.setdefault(tag + " " + name, []).append(int(wider.sum()))
            out[tag + "+width-fallback " + name] = (np.where(wider, ybar, np.clip(th, 0, 1)),
                                                    (np.where(wider, gw[0], lo), np.where(wider, gw[1], hi)))
    # a sample of the same n stratified by the judge's label, sqrt allocation, two at least per stratum
    big1 = f.sum(1)
    big0 = big_n - big1
    st = np.empty(studies)
    vs = np.empty(studies)
    am = np.empty((2, studies))
    for s in range(studies):
        nn1 = int(round(n * np.sqrt(big1[s]) / (np.sqrt(big0[s]) + np.sqrt(big1[s]))))
        nn1 = min(big1[s], max(min(2, big1[s]), nn1))
        nn0 = min(big0[s], n - nn1)
        theta = var = centre = adjv = 0.0
        for lab, nh in ((0, nn0), (1, nn1)):
            pool = y[s][f[s] == lab]
            bh = len(pool)
            if bh == 0:
                continue
            yh = pool[rng.choice(bh, nh, replace=False)]
            w = bh / big_n
            fpc = 1 - nh / bh
            m = yh.mean()
            theta += w * m
            var += w * w * fpc * (yh.var(ddof=1) if nh > 1 else 0) / nh
            pt = m if fpc == 0 else (yh.sum() + 0.5) / (nh + 1)
            centre += w * pt
            adjv += w * w * fpc * pt * (1 - pt) / nh
        st[s], vs[s] = theta, var
        h = Z * np.sqrt(adjv)
        am[:, s] = (min(theta, max(0, centre - h)), max(theta, min(1, centre + h)))
    for name, iv in family(st, vs, n, big_n).items():
        out["strat " + name] = (st, iv)
    out["strat AM"] = (st, (am[0], am[1]))
    return truth, out


def print_summary(rows, width):
    """Per candidate over the cells: (coverage %, mean width, bias, its Monte-Carlo SE, ...) per cell -> one line."""
    print("\nsummary over the 16 cells: candidate | cells in 93-97% | min, max coverage | mean |cov - 95| | mean width"
          " | cells with |bias| > 2 MC SE")
    for name, r in rows.items():
        cov = np.array([x[0] for x in r])
        print(f"{name:{width}s} | {np.sum((cov >= 93) & (cov <= 97)):2d}/16 | {cov.min():5.1f} {cov.max():5.1f} | "
              f"{np.mean(np.abs(cov - 95)):4.2f} | {np.mean([x[1] for x in r]):.4f} | "
              f"{sum(abs(x[2]) > 2 * x[3] for x in r)}")


def main():
    studies = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    big_n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = np.random.default_rng(seed)
    rows = {}
    cells = []
    for p in (0.05, 0.20):
        for se, sp in ((0.85, 0.90), (0.70, 0.97)):
            for n in (50, 100, 200, 400):
                truth, out = study_cell(rng, p, se, sp, n, big_n, studies)
                cell = f"{p:.2f} {se:.2f}/{sp:.2f} n={n}"
                cells.append(cell)
                for name, (est, (lo, hi)) in out.items():
                    ok = ~np.isnan(est)
                    cov = 100 * np.mean((lo[ok] <= truth[ok]) & (truth[ok] <= hi[ok]))
                    bias = 100 * np.mean(est[ok] - truth[ok])
                    mce = 100 * np.std(est[ok] - truth[ok]) / np.sqrt(ok.sum())
                    rows.setdefault(name, []).append((cov, np.mean(hi[ok] - lo[ok]), bias, mce, int(ok.sum())))
    print(f"{studies} studies per cell, N = {big_n} judged traces, seed {seed}; cells: rate, judge Se/Sp, gold n")
    print("per candidate and cell: coverage % (mean width) bias points [Monte-Carlo SE]; cells:")
    for c in cells:
        print("  " + c)
    for name, r in rows.items():
        print(f"\n{name}")
        print("  " + " | ".join(f"{cov:5.1f} ({w:.3f}) {b:+.2f}[{m:.2f}]" + ("" if k == studies else f" d{k}")
                                for cov, w, b, m, k in r))
    print_summary(rows, 32)
    print("\nstudies per cell where PPI++'s interval (before any fallback) is wider than the gold-only Wilson (FPC):")
    for name, r in WIDER.items():
        print(f"{name:32s} | " + " ".join(str(x) for x in r))


def exact_coverage():
    from scipy.stats import hypergeom
    big_n, n = 2000, 50
    print(f"\nexact coverage, gold only, Wilson with FPC, n = {n} of N = {big_n} (K traces with the label):")
    c = (big_n - n) / (big_n - 1)
    x = np.arange(n + 1)
    lo, hi = wilson(x / n, n / c)
    line = []
    for k in range(60, 141, 5):
        pk = hypergeom.pmf(x, big_n, k, n)
        line.append(f"K={k} ({k / big_n:.3f}): {100 * pk[(lo <= k / big_n) & (k / big_n <= hi)].sum():.1f}%")
    print("  " + "; ".join(line))
    # stratified by the judge's label, judge 0.70/0.97, rate 5%: N1 = 127 judged positive (K1 = 70 truly), N0 = 1873
    n1_pop, k1 = 127, 70
    n0_pop = big_n - n1_pop
    n1 = int(round(n * np.sqrt(n1_pop) / (np.sqrt(n0_pop) + np.sqrt(n1_pop))))
    n0 = n - n1
    print(f"exact coverage, stratified-label sample, judge label 1: {k1} of {n1_pop} (n1 = {n1}); judge label 0: "
          f"K0 of {n0_pop} (n0 = {n0}); by K0 (true rate): AM (now) / Wald / Wilson n* / CP n*")
    x0 = np.arange(n0 + 1)[:, None]
    x1 = np.arange(n1 + 1)[None, :]
    w0, w1 = n0_pop / big_n, n1_pop / big_n
    f0, f1 = 1 - n0 / n0_pop, 1 - n1 / n1_pop
    m0, m1 = x0 / n0, x1 / n1
    theta = w0 * m0 + w1 * m1
    var = w0 ** 2 * f0 * m0 * (1 - m0) * n0 / (n0 - 1) / n0 + w1 ** 2 * f1 * m1 * (1 - m1) * n1 / (n1 - 1) / n1
    p0, p1 = (x0 + 0.5) / (n0 + 1), (x1 + 0.5) / (n1 + 1)
    centre = w0 * p0 + w1 * p1
    h = Z * np.sqrt(w0 ** 2 * f0 * p0 * (1 - p0) / n0 + w1 ** 2 * f1 * p1 * (1 - p1) / n1)
    ivs = {"AM": (np.minimum(theta, np.clip(centre - h, 0, 1)), np.maximum(theta, np.clip(centre + h, 0, 1)))}
    ivs.update({k: v for k, v in family(theta, var, n, big_n).items()})
    lines = []
    for k0 in (0, 5, 10, 15, 20, 25, 30, 40, 50, 60):
        pr = hypergeom.pmf(x0, n0_pop, k0, n0) * hypergeom.pmf(x1, n1_pop, k1, n1)
        t = (k0 + k1) / big_n
        cov = [100 * pr[(iv[0] <= t) & (t <= iv[1])].sum() for iv in (ivs["AM"], ivs["wald"], ivs["wilson"], ivs["cp"])]
        lines.append(f"K0={k0} ({t:.4f}): " + "/".join(f"{c:.1f}" for c in cov))
    print("  " + "; ".join(lines))


if __name__ == "__main__":
    main()
    exact_coverage()
