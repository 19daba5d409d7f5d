#!/usr/bin/env python3
"""Assemble heldout.jsonl from the hand-written sources in ../src/*.txt.
Source line format:  locale | text ||| kind=value ;; kind=value   (negatives: locale | text)"""
import json, glob, os, random
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
rows = []
for path in sorted(glob.glob(os.path.join(root, "src", "*.txt"))):
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        locale, rest = line.split(" | ", 1)
        if " ||| " in rest:
            text, items = rest.split(" ||| ", 1)
            pii = []
            for it in items.split(" ;; "):
                k, v = it.split("=", 1)
                pii.append({"kind": k.strip(), "text": v})
        else:
            text, pii = rest, []
        rows.append({"locale": locale.strip(), "text": text, "pii": pii, "_src": f"{os.path.basename(path)}:{n}"})
random.Random(11).shuffle(rows)
with open(os.path.join(root, "heldout.jsonl"), "w", encoding="utf-8") as f:
    for i, r in enumerate(rows, 1):
        f.write(json.dumps({"id": f"h-{i:04d}", "locale": r["locale"], "text": r["text"], "pii": r["pii"]}, ensure_ascii=False) + "\n")
print(f"wrote {len(rows)} rows")
