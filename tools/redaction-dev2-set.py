#!/usr/bin/env python3
"""Builds src/test/resources/redaction-dev/devN.jsonl from the hand-written messages in redaction-devN-source.txt
(N = 2 by default; dev3..dev8 and dev10 of issue 33 are built with arguments 3 to 8 and 10).

Each source line is one message. Personal data is marked inline as {kind:text} (kinds: n name, e email, p phone,
a address, d dob, h handle, u url, iban, card, ssn, nhs, ni, tax, aad, ip); a line with no mark is a harmless
message (a hard negative). "## xx-YY" lines set the locale of the lines after them; "\\n" in a line is a line break.
Run: python3 tools/redaction-dev2-set.py [2|3|4|5|6|7|8|10]
"""
import json, re, sys, pathlib

KINDS = {"n": "name", "e": "email", "p": "phone", "a": "address", "d": "dob", "h": "handle", "u": "url",
         "iban": "iban", "card": "card", "ssn": "ssn", "nhs": "nhs", "ni": "ni", "tax": "de_tax_id",
         "aad": "aadhaar", "ip": "ip"}
MARK = re.compile(r"\{(" + "|".join(sorted(KINDS, key=len, reverse=True)) + r"):([^{}]+)\}")

root = pathlib.Path(__file__).resolve().parent.parent
n = sys.argv[1] if len(sys.argv) > 1 else "2"
if n not in ("2", "3", "4", "5", "6", "7", "8", "10"):
    sys.exit("usage: redaction-dev2-set.py [2|3|4|5|6|7|8|10]")
src = root / "tools" / ("redaction-dev%s-source.txt" % n)
out = root / "src" / "test" / "resources" / "redaction-dev" / ("dev%s.jsonl" % n)
locale, rows, pos, neg = "en-GB", [], 0, 0
for raw in src.read_text(encoding="utf-8").splitlines():
    if not raw.strip() or raw.startswith("#") and not raw.startswith("## "):
        continue
    if raw.startswith("## "):
        locale = raw[3:].strip()
        continue
    line = raw.replace("\\n", "\n")
    pii = []
    def take(m):
        pii.append({"kind": KINDS[m.group(1)], "text": m.group(2)})
        return m.group(2)
    text = MARK.sub(take, line)
    if "{" in text and re.search(r"\{\w+:", text):
        sys.exit("unparsed mark: " + raw)
    for p in pii:
        if p["text"] not in text:
            sys.exit("item not in its message: " + raw)
    if pii:
        pos += 1
    else:
        neg += 1
    rows.append({"id": "d%s-%04d" % (n, len(rows) + 1), "locale": locale, "text": text, "pii": pii})
with out.open("w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{out}: {len(rows)} messages, {pos} positive, {neg} negative")
