"""Builds the word lists the redactor reads (src/main/resources/org/tracejudge/redaction/).

  given-names.txt, surnames.txt  given names and surnames from the locale YAMLs of net.datafaker:datafaker 2.7.0
                                 (Apache-2.0): every faker.name.*first_name* / *last_name* list of every locale,
                                 Latin, Greek and Cyrillic script only
  places.txt                     city, state and country names, capitals, time-zone cities, nationalities and
                                 languages from the same YAMLs (faker.address.*, country, nation), so that a
                                 given name that is also a place ("Paris", "Victoria") needs a cue
  english-words.txt              the lower-case entries of Debian's wamerican + wbritish (SCOWL, permissive
                                 licence): a name that is also an English word ("hope", "will", "frank") needs a cue

Usage: python3 tools/redaction-lists.py DATAFAKER_JAR_UNZIPPED_DIR
  (unzip ~/.m2/repository/net/datafaker/datafaker/2.7.0/datafaker-2.7.0.jar '*.yml' -d DIR;
   apt-get install wamerican wbritish)
"""
import glob, os, sys, unicodedata
import yaml

root = sys.argv[1]
out = os.path.join(os.path.dirname(__file__), "..", "src", "main", "resources", "org", "tracejudge", "redaction")
given, sur, places = set(), set(), set()
GIVEN = {"first_name", "male_first_name", "female_first_name", "neutral_first_name", "first_name_men",
         "first_name_women", "male_name", "female_name"}
LAST = {"last_name", "male_last_name", "female_last_name", "surname"}
PLACE = {"city", "city_name", "state", "country", "default_country", "city_prefix", "province"}


def flat(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from flat(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from flat(x)


def ok(s):
    s = s.strip()
    if "#{" in s or len(s) < 2:
        return None
    if not all(unicodedata.category(c)[0] == "L" or c in "'’- " for c in s):
        return None
    if any(ord(c) > 0x24F and not (0x370 <= ord(c) <= 0x52F) for c in s):
        return None
    return s


def walk(d, path):
    if not isinstance(d, dict):
        return
    for k, v in d.items():
        if path and path[-1] == "faker" and k in ("country", "nation", "australia") and isinstance(v, dict):
            for nk, nv in v.items():
                if nk in ("name", "capital", "capital_city", "locations", "states", "nationality", "language"):
                    for s in flat(nv):
                        s = ok(s)
                        if s:
                            places.add(s)
            continue
        if path and path[-1] == "faker" and k == "address" and isinstance(v, dict) and "time_zone" in v:
            for s in flat(v["time_zone"]):
                for part in s.split("/")[1:]:
                    part = ok(part.replace("_", " "))
                    if part:
                        places.add(part)
        if path and path[-1] == "faker" and k in ("name", "address") and isinstance(v, dict):
            for nk, nv in v.items():
                target = (given if nk in GIVEN else sur if nk in LAST else None) if k == "name" \
                    else (places if nk in PLACE else None)
                if target is None:
                    continue
                for s in flat(nv):
                    s = ok(s)
                    if s:
                        target.add(s)
        else:
            walk(v, path + [k])


for f in sorted(glob.glob(os.path.join(root, "*.yml")) + glob.glob(os.path.join(root, "*", "*.yml"))):
    try:
        walk(yaml.safe_load(open(f, encoding="utf-8")), [])
    except yaml.YAMLError as e:
        print("skipped", f, e, file=sys.stderr)

words = set()
for f in ("/usr/share/dict/american-english", "/usr/share/dict/british-english"):
    for w in open(f, encoding="utf-8"):
        w = w.strip()
        if w and w == w.lower() and "'" not in w:
            words.add(w)

SRC = "net.datafaker:datafaker 2.7.0 locale data (Apache-2.0), see THIRD-PARTY.md"
for name, items, src in (("given-names.txt", given, SRC), ("surnames.txt", sur, SRC), ("places.txt", places, SRC),
                         ("english-words.txt", words, "Debian wamerican + wbritish (SCOWL), lower-case entries, see THIRD-PARTY.md")):
    with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
        fh.write("# " + src + "\n")
        fh.write("\n".join(sorted(items)) + "\n")
    print(name, len(items))
