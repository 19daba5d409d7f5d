#!/usr/bin/env python3
"""Reference fits of the Dawid-Skene latent-class model (DawidSkeneTest), with numpy from the paper, not from the
Java code: Dawid & Skene (1979), Maximum likelihood estimation of observer error-rates using the EM algorithm,
J R Stat Soc C 28:20-28. Items i, raters r, classes k; EM from the raters' vote shares per item; M-step: priors = mean
class probability, confusion[r][k][l] = (sum_i T_ik [r gave i label l] + 0.01) normalised over l; E-step:
T_ik proportional to prior_k prod_r confusion[r][k][label_ir]; stop when no T_ik moves by more than 1e-10 (or after
1000 iterations). Output: the priors, each rater's confusion matrix and the log-likelihood, labels by name.
Regenerate: python3 src/test/resources/calibration/dawid_skene.py > src/test/resources/calibration/dawid_skene.jsonl
"""
import json
import numpy as np

SMOOTH, TOL, MAX_ITER = 0.01, 1e-10, 1000


def fit(obs, k):
    """obs: items x raters matrix of class codes, -1 = missing."""
    items, raters = obs.shape
    t = np.zeros((items, k))
    for i in range(items):
        given = obs[i][obs[i] >= 0]
        if len(given) == 0:
            t[i] = 1.0 / k
        else:
            t[i] = np.bincount(given, minlength=k) / len(given)
    ll = None
    for it in range(1, MAX_ITER + 1):
        priors = t.mean(axis=0)
        pi = np.full((raters, k, k), SMOOTH)
        for r in range(raters):
            for i in range(items):
                if obs[i, r] >= 0:
                    pi[r, :, obs[i, r]] += t[i]
            pi[r] /= pi[r].sum(axis=1, keepdims=True)
        lp = np.tile(np.log(priors), (items, 1))
        for r in range(raters):
            seen = obs[:, r] >= 0
            lp[seen] += np.log(pi[r][:, obs[seen, r]]).T
        m = lp.max(axis=1, keepdims=True)
        s = np.exp(lp - m).sum(axis=1, keepdims=True)
        ll = float((m + np.log(s)).sum())
        nt = np.exp(lp - m) / s
        moved = np.abs(nt - t).max()
        t = nt
        if moved < TOL:
            return priors, pi, ll, it, True
    return priors, pi, ll, MAX_ITER, False


def main():
    rng = np.random.default_rng(1979)
    for case in range(12):
        k = int(rng.integers(2, 5))
        raters = int(rng.integers(3, 6))
        items = int(rng.integers(40, 300))
        truth = rng.choice(k, size=items, p=rng.dirichlet(np.ones(k) * 2))
        obs = np.full((items, raters), -1)
        for r in range(raters):
            acc = rng.uniform(0.55, 0.95)
            for i in range(items):
                if rng.random() < 0.15 * (case % 3):
                    continue
                obs[i, r] = truth[i] if rng.random() < acc else rng.integers(k)
        # an item nobody labelled is no item (the Java table is built from the labels given)
        obs = obs[(obs >= 0).any(axis=1)]
        items = obs.shape[0]
        # every label appears at least once (the Java table only knows labels that were given)
        if len(set(obs[obs >= 0].tolist())) < k:
            continue
        priors, pi, ll, it, ok = fit(obs, k)
        print(json.dumps({"case": case, "labels": ["L%d" % c for c in range(k)],
                          "observations": [["i%d" % i, "r%d" % r, "L%d" % obs[i, r]]
                                           for i in range(items) for r in range(raters) if obs[i, r] >= 0],
                          "raters": ["r%d" % r for r in range(raters)],
                          "priors": priors.tolist(), "confusion": pi.tolist(), "log_likelihood": ll,
                          "iterations": it, "converged": ok}))


if __name__ == "__main__":
    main()
