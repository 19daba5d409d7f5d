#!/usr/bin/env python3
"""Generators and validators for checksum-bearing identifiers used in the held-out set.
Independent implementation written from the public specifications (not from the product)."""
import random, re, ipaddress

def digits(s):
    return re.sub(r"\D", "", s)

# ---------- IBAN (ISO 13616, mod 97) ----------
IBAN_LEN = {"GB": 22, "DE": 22, "FR": 27, "ES": 24, "NL": 18, "IE": 22}
def _iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))
def iban_valid(s):
    s = re.sub(r"[\s\-]", "", s).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    if s[:2] in IBAN_LEN and len(s) != IBAN_LEN[s[:2]]:
        return False
    return _iban_num(s[4:] + s[:4]) % 97 == 1
def iban_make(cc, bban):
    chk = 98 - _iban_num(bban + cc + "00") % 97
    return f"{cc}{chk:02d}{bban}"
def iban_group(s):
    return " ".join(s[i:i+4] for i in range(0, len(s), 4))

def es_dc(ten):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(a) * b for a, b in zip(ten, w)) % 11
    return {11: 0, 10: 1}.get(d, d)
def fr_rib_key(bank, branch, acct):
    return 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
def nl_acct(r):
    while True:
        a = "".join(str(r.randint(0, 9)) for _ in range(10))
        if a[0] != "0" and sum(int(c) * w for c, w in zip(a, range(10, 0, -1))) % 11 == 0:
            return a
def rnd(r, n):
    return "".join(str(r.randint(0, 9)) for _ in range(n))
def gen_iban(r, cc):
    if cc == "GB":
        bban = r.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "CITI"]) + rnd(r, 6) + rnd(r, 8)
    elif cc == "IE":
        bban = r.choice(["AIBK", "BOFI", "IPBS"]) + rnd(r, 6) + rnd(r, 8)
    elif cc == "DE":
        bban = rnd(r, 8) + rnd(r, 10)
    elif cc == "FR":
        b, g, a = rnd(r, 5), rnd(r, 5), rnd(r, 11)
        bban = b + g + a + f"{fr_rib_key(b, g, a):02d}"
    elif cc == "ES":
        b, o, a = rnd(r, 4), rnd(r, 4), rnd(r, 10)
        bban = b + o + str(es_dc("00" + b + o)) + str(es_dc(a)) + a
    elif cc == "NL":
        bban = r.choice(["ABNA", "INGB", "RABO", "SNSB"]) + nl_acct(r)
    return iban_make(cc, bban)

# ---------- Luhn cards ----------
def luhn_ok(s):
    d = digits(s)
    tot = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9: n -= 9
        tot += n
    return tot % 10 == 0
def card_valid(s):
    d = digits(s)
    return 13 <= len(d) <= 19 and luhn_ok(d)
def gen_card(r, prefix, length):
    body = prefix + rnd(r, length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c

# ---------- US SSN (shape rules) ----------
def ssn_valid(s):
    d = digits(s)
    if len(d) != 9: return False
    a, g, n = d[:3], d[3:5], d[5:]
    return a != "000" and a != "666" and not a.startswith("9") and g != "00" and n != "0000"

# ---------- NHS number (mod 11) ----------
def nhs_check(nine):
    t = sum(int(c) * w for c, w in zip(nine, range(10, 1, -1)))
    c = 11 - t % 11
    return 0 if c == 11 else (None if c == 10 else c)
def nhs_valid(s):
    d = digits(s)
    return len(d) == 10 and nhs_check(d[:9]) == int(d[9])
def gen_nhs(r):
    while True:
        nine = str(r.randint(4, 6)) + rnd(r, 8)
        c = nhs_check(nine)
        if c is not None:
            return nine + str(c)

# ---------- UK National Insurance number (shape) ----------
NI_BAD_PREFIX = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
def ni_valid(s):
    t = re.sub(r"\s", "", s).upper()
    m = re.fullmatch(r"([A-Z])([A-Z])(\d{6})([A-D])", t)
    if not m: return False
    a, b = m.group(1), m.group(2)
    return a not in "DFIQUV" and b not in "DFIOQUV" and (a + b) not in NI_BAD_PREFIX
def gen_ni(r):
    while True:
        a = r.choice("ABCEGHJKLMNOPRSTWXYZ"); b = r.choice("ABCEGHJKLMNPRSTWXYZ")
        if a + b not in NI_BAD_PREFIX:
            return f"{a}{b}{rnd(r,6)}{r.choice('ABCD')}"

# ---------- German Steuer-ID (ISO 7064 MOD 11,10 + digit-structure rule) ----------
def de_tax_check(ten):
    p = 10
    for c in ten:
        s = (int(c) + p) % 10
        if s == 0: s = 10
        p = (s * 2) % 11
    c = 11 - p
    return 0 if c == 10 else c
def de_tax_valid(s):
    d = digits(s)
    if len(d) != 11 or d[0] == "0": return False
    ten = d[:10]
    counts = sorted((ten.count(c) for c in set(ten)), reverse=True)
    if counts[0] not in (2, 3) or (len(counts) > 1 and counts[1] != 1): return False
    if re.search(r"(\d)\1\1", ten): return False
    return de_tax_check(ten) == int(d[10])
def gen_de_tax(r):
    while True:
        ten = rnd(r, 10)
        d = ten + str(de_tax_check(ten))
        if de_tax_valid(d):
            return d

# ---------- Aadhaar (Verhoeff) ----------
_D = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],
      [4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],
      [8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]
_P = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],
      [9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]
_INV = [0,4,3,2,1,5,6,7,8,9]
def verhoeff_ok(d):
    c = 0
    for i, ch in enumerate(reversed(d)):
        c = _D[c][_P[i % 8][int(ch)]]
    return c == 0
def verhoeff_digit(d):
    c = 0
    for i, ch in enumerate(reversed(d)):
        c = _D[c][_P[(i + 1) % 8][int(ch)]]
    return _INV[c]
def aadhaar_valid(s):
    d = digits(s)
    return len(d) == 12 and d[0] not in "01" and verhoeff_ok(d)
def gen_aadhaar(r):
    eleven = str(r.randint(2, 9)) + rnd(r, 10)
    return eleven + str(verhoeff_digit(eleven))

# ---------- IP ----------
def ip_valid(s):
    try:
        ipaddress.ip_address(s.strip("[]"))
        return True
    except ValueError:
        return False

VALIDATORS = {"iban": iban_valid, "card": card_valid, "ssn": ssn_valid, "nhs": nhs_valid,
              "ni": ni_valid, "de_tax_id": de_tax_valid, "aadhaar": aadhaar_valid, "ip": ip_valid}

if __name__ == "__main__":
    r = random.Random(20261126)
    for cc in ["GB", "DE", "FR", "ES", "NL", "IE"]:
        for _ in range(4):
            v = gen_iban(r, cc); assert iban_valid(v); print("iban", iban_group(v))
    for pre, ln in [("4", 16)] * 7 + [("51", 16), ("53", 16), ("55", 16), ("2221", 16), ("34", 15), ("37", 15), ("6011", 16), ("4", 16), ("5", 16), ("4", 13)]:
        v = gen_card(r, pre, ln); assert card_valid(v); print("card", v)
    for _ in range(20): print("nhs", gen_nhs(r))
    for _ in range(20): print("ni", gen_ni(r))
    for _ in range(20): print("de_tax_id", gen_de_tax(r))
    for _ in range(20): v = gen_aadhaar(r); assert aadhaar_valid(v); print("aadhaar", v)
    # self-tests against published examples
    assert iban_valid("GB82 WEST 1234 5698 7654 32") and iban_valid("DE89370400440532013000")
    assert aadhaar_valid("234123412346") and not aadhaar_valid("234123412347")
    assert nhs_valid("943 476 5919")
    assert de_tax_valid("86095742719")
    print("selftest ok")
