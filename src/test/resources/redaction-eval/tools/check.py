#!/usr/bin/env python3
"""Validate heldout.jsonl: parsing, unique ids, verbatim pii, allowed kinds, checksums.
Exit code 1 on any error. Prints per-kind and per-locale counts."""
import json, re, sys, os
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ids import VALIDATORS

KINDS = {"email", "phone", "address", "handle", "url", "name", "dob", "iban", "card", "ssn",
         "nhs", "ni", "de_tax_id", "aadhaar", "ip"}
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "heldout.jsonl")
errors, warnings = [], []
ids = set()
kind_items, kind_loc = Counter(), Counter()
loc_pos, loc_neg = Counter(), Counter()
npos = nneg = 0
checked = Counter()
for ln, line in enumerate(open(path, encoding="utf-8"), 1):
    try:
        r = json.loads(line)
    except Exception as e:
        errors.append(f"line {ln}: bad json: {e}"); continue
    if set(r) != {"id", "locale", "text", "pii"}:
        errors.append(f"line {ln}: fields {sorted(r)}")
        continue
    i, text, pii, loc = r["id"], r["text"], r["pii"], r["locale"]
    if not re.fullmatch(r"h-\d{4}", i): errors.append(f"{i}: bad id")
    if i in ids: errors.append(f"{i}: duplicate id")
    ids.add(i)
    if not isinstance(text, str) or not text.strip(): errors.append(f"{i}: empty text")
    if not re.fullmatch(r"[a-z]{2}-[A-Z]{2}", loc): errors.append(f"{i}: bad locale {loc}")
    if not isinstance(pii, list): errors.append(f"{i}: pii not a list"); continue
    if pii: npos += 1; loc_pos[loc] += 1
    else: nneg += 1; loc_neg[loc] += 1
    seen = set()
    for it in pii:
        k, t = it.get("kind"), it.get("text")
        if set(it) != {"kind", "text"}: errors.append(f"{i}: item fields {sorted(it)}")
        if k not in KINDS: errors.append(f"{i}: unknown kind {k!r}")
        if not t or t not in text: errors.append(f"{i}: {k} {t!r} not verbatim in text")
        if (k, t) in seen: errors.append(f"{i}: duplicate item {t!r}")
        seen.add((k, t))
        if t != t.strip(): errors.append(f"{i}: item {t!r} has surrounding whitespace")
        kind_items[k] += 1; kind_loc[(k, loc)] += 1
        if k in VALIDATORS:
            checked[k] += 1
            if not VALIDATORS[k](t): errors.append(f"{i}: {k} {t!r} FAILS checksum/shape validation")
        # every occurrence must be hidden by the scorer: flag occurrences glued inside a longer word
        for m in re.finditer(re.escape(t), text, re.I):
            a, b = m.start(), m.end()
            before = text[a-1] if a > 0 else " "
            after = text[b] if b < len(text) else " "
            inside_other = any(o is not it and o["text"] != t and o["text"].lower().find(t.lower()) >= 0
                               and any(oa <= a and b <= oa + len(o["text"]) for oa in [x.start() for x in re.finditer(re.escape(o["text"]), text, re.I)])
                               for o in pii)
            if inside_other:
                continue
            if before.isalnum() or (after.isalnum() and text[b:b+1] != "s") :
                errors.append(f"{i}: {k} {t!r} also occurs glued inside a word at {a}: {text[max(0,a-10):b+10]!r}")
            elif after == "s" and text[b+1:b+2].isalnum():
                errors.append(f"{i}: {k} {t!r} glued at {a}")
        occ = len(re.findall(re.escape(t), text, re.I))
        if occ > 1:
            warnings.append(f"{i}: {k} {t!r} occurs {occ}x (all must be hidden)")
    # overlapping items
    spans = []
    for it in pii:
        for m in re.finditer(re.escape(it["text"]), text):
            spans.append((m.start(), m.end(), it["text"]))
    spans.sort()
    for (a1, b1, t1), (a2, b2, t2) in zip(spans, spans[1:]):
        if a2 < b1 and t1 != t2 and not (t2 in t1 or t1 in t2):
            errors.append(f"{i}: overlapping items {t1!r} / {t2!r}")

print(f"messages: {npos + nneg}  positives: {npos}  negatives: {nneg}  items: {sum(kind_items.values())}")
print("\nitems per kind:")
for k in sorted(KINDS, key=lambda k: -kind_items[k]):
    print(f"  {k:10s} {kind_items[k]:4d}" + (f"   (checksum/shape validated: {checked[k]})" if k in VALIDATORS else ""))
print("\nmessages per locale (positive / negative):")
for l in sorted(set(loc_pos) | set(loc_neg), key=lambda l: -(loc_pos[l] + loc_neg[l])):
    print(f"  {l}  {loc_pos[l]:4d} / {loc_neg[l]:4d}")
print("\nitems per kind and locale:")
for k in sorted(KINDS):
    print(f"  {k:10s} " + ", ".join(f"{l}:{c}" for (kk, l), c in sorted(kind_loc.items(), key=lambda x: -x[1]) if kk == k))
for w in warnings: print("WARN", w)
for e in errors: print("ERROR", e)
print("\nRESULT:", "FAIL" if errors else "PASS", f"({len(errors)} errors, {len(warnings)} warnings)")
sys.exit(1 if errors else 0)
