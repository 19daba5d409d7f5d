#!/usr/bin/env python3
"""Builds src/main/resources/org/tracejudge/redaction/brands.txt: names of shops, chains, brands and charities that
could be taken for a person's name ("Harvey Norman", "Dan Murphy's", "Albert Heijn", "Sue Ryder", "Timpson").

Source: the name-suggestion-index (NSI) of OpenStreetMap, npm package `name-suggestion-index` (BSD-3-Clause; see
licenses/name-suggestion-index-BSD-3-Clause.txt), file dist/json/nsi.json: every item of its brands/* and operators/*
categories, its name, brand, name:en and operator tags and its matchNames. Kept (lower case, ’ written '):
  - names of two to six words of which one is a given name or surname of the redactor's name lists;
  - one-word names written as a possessive ("denny's", "kohl's");
  - one-word names that are neither a given name nor an English word ("timpson", "myer", "rossmann").
Usage: npm pack name-suggestion-index@8.0.20260918 && tar xzf name-suggestion-index-*.tgz
       python3 tools/redaction-brands.py package
"""
import json, pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
res = root / "src" / "main" / "resources" / "org" / "tracejudge" / "redaction"


def words(name):
    return {l.strip().lower() for l in (res / name).read_text(encoding="utf-8").splitlines()
            if l.strip() and not l.startswith("#")}


given = words("given-names.txt") | words("given-names-extra.txt")
sur = words("surnames.txt") | words("surnames-extra.txt")
english = words("english-words.txt")
TOKEN = re.compile(r"[^\W\d_][\w'-]*", re.UNICODE)

nsi = json.loads((pathlib.Path(sys.argv[1]) / "dist" / "json" / "nsi.json").read_text(encoding="utf-8"))["nsi"]
names = set()
for cat, v in nsi.items():
    if not (cat.startswith("brands/") or cat.startswith("operators/")):
        continue
    for it in v["items"]:
        t = it.get("tags", {})
        for f in ("name", "brand", "name:en", "operator"):
            if f in t:
                names.add(t[f])
        names.update(it.get("matchNames") or [])

out = set()
for n in names:
    n = " ".join(n.replace("’", "'").lower().split())
    toks = TOKEN.findall(n)
    if not toks or len(toks) > 6:
        continue
    base = [re.sub(r"'s?$", "", t) for t in toks]
    if len(toks) >= 2:
        if any(b in given or b in sur for b in base):
            out.add(n)
    elif toks[0].endswith("'s") or toks[0].endswith("s'"):
        if base[0] in given or base[0] in sur:
            out.add(n)
    elif toks[0] == n and len(n) >= 4 and n not in given and n not in english:
        out.add(n)
out = sorted(out)
header = ("# Shops, chains, brands and charities whose names could be taken for a person's (lower case), from the\n"
          "# name-suggestion-index 8.0.20260918 (npm, BSD-3-Clause). Built by tools/redaction-brands.py.\n")
(res / "brands.txt").write_text(header + "\n".join(out) + "\n", encoding="utf-8")
print(len(out), "names")
