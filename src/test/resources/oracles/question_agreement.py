"""Reference values for QuestionAgreementTest (issue 49, item 5).

Run with Debian's python3-sklearn (1.2.1):  /usr/bin/python3 question_agreement.py
Prints (1) weighted kappa from sklearn's cohen_kappa_score(weights='linear'/'quadratic') for every rater pair of
seeded 3-rater ordinal tables with missing answers ('.'), to paste into the test as literals, and (2) writes
spans.json: seeded span answers of two raters with span F1 (exact and overlap) counted by brute force here, and
ICC(2,1) from a numpy two-way ANOVA for seeded number tables.
"""
import itertools
import json
import random

import numpy as np
from sklearn.metrics import cohen_kappa_score


def ordinal_tables():
    rng = random.Random(4902)
    out = []
    for case in range(8):
        steps = rng.choice([(0, 4), (1, 5), (0, 2), (1, 7)])
        items = rng.randint(20, 60)
        acc = rng.random()
        rows = [[], [], []]
        for _ in range(items):
            truth = rng.randint(*steps)
            for r in range(3):
                if rng.random() < 0.15:
                    rows[r].append('.')
                elif rng.random() < acc:
                    rows[r].append(str(truth))
                else:
                    rows[r].append(str(min(steps[1], max(steps[0], truth + rng.choice([-2, -1, 1, 2])))))
        out.append(rows)
    return out


def weighted():
    for rows in ordinal_tables():
        print('        {')
        for r in rows:
            print('            "%s",' % ''.join(r))
        vals = []
        for a, b in itertools.combinations(range(3), 2):
            xa = [int(x) for x, y in zip(rows[a], rows[b]) if x != '.' and y != '.']
            xb = [int(y) for x, y in zip(rows[a], rows[b]) if x != '.' and y != '.']
            for w in ('linear', 'quadratic'):
                vals.append(repr(float(cohen_kappa_score(xa, xb, weights=w))))
        print('            "%s"' % ' '.join(vals))
        print('        },')


def overlaps(s, t):
    return s[0] == t[0] and s[3] == t[3] and max(s[1], t[1]) < min(s[2], t[2])


def span_cases():
    rng = random.Random(4905)
    cases = []
    for case in range(20):
        items = rng.randint(1, 30)
        a_all, b_all = [], []
        for _ in range(items):
            spans_a = []
            for _ in range(rng.randint(0, 4)):
                s = rng.randint(0, 80)
                spans_a.append([rng.choice(['answer', 'tool:0']), s, s + rng.randint(1, 20), rng.choice(['harm', 'risk'])])
            spans_b = []
            for sp in spans_a:
                u = rng.random()
                if u < 0.4:
                    spans_b.append(list(sp))
                elif u < 0.7:
                    start = max(0, sp[1] + rng.randint(-5, 5))
                    spans_b.append([sp[0], start, max(start + 1, sp[2] + rng.randint(-5, 5)), sp[3]])
            for _ in range(rng.randint(0, 2)):
                s = rng.randint(0, 80)
                spans_b.append([rng.choice(['answer', 'tool:0']), s, s + rng.randint(1, 20), rng.choice(['harm', 'risk'])])
            missing = rng.random() < 0.1
            a_all.append(spans_a)
            b_all.append(None if missing else spans_b)
        # brute force over the items both answered, duplicates counted once
        na = nb = exact = found_a = found_b = 0
        for sa, sb in zip(a_all, b_all):
            if sb is None:
                continue
            ua = list(dict.fromkeys(map(tuple, sa)))
            ub = list(dict.fromkeys(map(tuple, sb)))
            na += len(ua)
            nb += len(ub)
            exact += sum(1 for s in ua if s in ub)
            found_a += sum(1 for s in ua if any(overlaps(s, t) for t in ub))
            found_b += sum(1 for t in ub if any(overlaps(t, s) for s in ua))
        f_exact = None if na + nb == 0 else 2 * exact / (na + nb)
        if na == 0 and nb == 0:
            f_overlap = None
        elif na == 0 or nb == 0:
            f_overlap = 0.0
        else:
            p, r = found_a / na, found_b / nb
            f_overlap = 0.0 if p + r == 0 else 2 * p * r / (p + r)
        cases.append({'a': a_all, 'b': b_all, 'exact': f_exact, 'overlap': f_overlap})
    return cases


def icc21(x):
    """Shrout & Fleiss (1979) ICC(2,1) from the two-way ANOVA of an n x k array."""
    n, k = x.shape
    grand = x.mean()
    ss_rows = k * ((x.mean(axis=1) - grand) ** 2).sum()
    ss_cols = n * ((x.mean(axis=0) - grand) ** 2).sum()
    ss_err = ((x - grand) ** 2).sum() - ss_rows - ss_cols
    bms, jms, ems = ss_rows / (n - 1), ss_cols / (k - 1), ss_err / ((n - 1) * (k - 1))
    return (bms - ems) / (bms + (k - 1) * ems + k * (jms - ems) / n)


def icc_cases():
    rng = np.random.default_rng(4906)
    cases = []
    for case in range(10):
        n, k = int(rng.integers(3, 40)), int(rng.integers(2, 5))
        truth = rng.normal(50, 10, size=(n, 1))
        bias = rng.normal(0, 3, size=(1, k))
        x = np.round(truth + bias + rng.normal(0, rng.uniform(0.5, 15), size=(n, k)), 2)
        cases.append({'x': x.tolist(), 'icc': float(icc21(x))})
    return cases


if __name__ == '__main__':
    weighted()
    with open('spans.json', 'w') as f:
        json.dump({'spans': span_cases(), 'icc': icc_cases()}, f)
        f.write('\n')
    # Shrout & Fleiss (1979) Table 2: 6 targets x 4 judges, ICC(2,1) = .29
    sf = np.array([[9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7]], float)
    print('shrout-fleiss icc(2,1)', repr(float(icc21(sf))))
