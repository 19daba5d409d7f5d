# Development set dev17 (issue 47, last false-positive figure): harmless messages that look like what issue 47's rules
# take - national ids, bank accounts and secrets - but are not: the same shapes labelled as things (orders, parcels,
# SKUs, builds, invoices), numbers after the cue words in other senses ("account balance", "routing table", "sort
# code field", "tax file format"), documentation of the formats with placeholders, hashes,
# base64 of no secret, amounts and dates. Written here from generators (fixed seed), tuned on.
# Run from src/test/resources/redaction-dev: python3 tools58/id_lookalikes.py
import json, random, string
R = random.Random(4717)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def up(n): return ''.join(R.choice(string.ascii_uppercase) for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def hx(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def date(): return f"20{R.randint(19,26)}-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
def money(): return R.choice(['$', '£', '€']) + f"{R.randint(1,99999):,}.{d(2)}"
L = "TRWAGMYFPDXBNJZSQVHLCKE"
T = []
def add(t): T.append(t)
for i in range(10):
    add(f"Order {d(8)}{R.choice(L)} shipped {date()}; {R.randint(1,9)} items, total {money()}.")
    add(f'{{"sku": "{d(8)}{R.choice(L)}", "stock": {R.randint(0,900)}, "warehouse": "MAD-{R.randint(1,9)}"}}')
    add(f"Parcel {d(7)}{R.choice(L)}{R.choice(L)} is out for delivery; locker code {d(6)}.")
    add(f"Build {d(3)} {d(3)} {d(3)} passed in {R.randint(1,59)} min ({R.randint(100,900)} tests).")
    add(f"Invoice {d(15)} issued {date()} for {money()}; due in 30 days.")
    add(f"Your account balance is {money()} as of {date()}; {R.randint(1,9)} pending transactions.")
    add(f"account has {R.randint(2,40)} open tickets and {R.randint(1,9)} users; account_id {d(10)} (AWS).")
    add(f"The routing table has {R.randint(1000,900000)} entries; routing number field is optional in the form.")
    add(f"Sort code and account number fields are validated client-side (6 and 8 digits); see docs {R.randint(1,9)}.{R.randint(1,9)}.")
    add(f"IBAN format: country code, 2 check digits, up to 30 characters; example in docs is GB00 XXXX 0000 0000 0000 00.")
    add(f"TFN format is 9 digits; never log it. Ticket {up(3)}-{R.randint(100,9999)} tracks the fix.")
    add(f"PPS numbers have 7 digits and 1-2 letters; our validator rejected {R.randint(1,99)} malformed rows.")
    add(f"Set OPENAI_API_KEY in .env (see .env.example); the key looks like sk-... and is never committed.")
    add(f"Authorization: Bearer <token>  # replace <token> with your own; expires_in={R.randint(600,86400)}")
    add(f'{{"token_count": {R.randint(100,99999)}, "next_page_token": "{al(12)}", "model": "gpt-4o-mini"}}')
    add(f"sha256sum: {hx(64)}  release-{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,9)}.tar.gz")
    add(f"thumbnail: data:image/png;base64,iVBORw0KGgo{al(60)}==")
    add(f"Card field accepts {R.choice([13,15,16,19])} digits; last four shown as **** {d(4)}; test mode only.")
    add(f"Phone field placeholder: +1 (XXX) XXX-XXXX; country code dropdown defaults to US; {R.randint(2,90)} countries.")
    add(f"Case {d(2)}-{d(6)} filed {date()}; docket {d(4)}; hearing in courtroom {R.randint(1,30)}.")
    add(f"Employee count {R.randint(10,99999)}; payroll run {date()} for {money()}; cost centre {d(6)}.")
    add(f"Lot {an(9)} exp {date()}; NDC {d(5)}-{d(4)}-{d(2)}; store below {R.randint(2,25)}°C.")
    add(f"Package tracking {d(4)} {d(4)} {d(4)} {d(4)} {d(4)} {d(2)}; signed by front desk.")
    add(f"Coupon code {up(4)}{d(4)} saves {R.randint(5,50)}% until {date()}.")
    add(f"Meter reading {d(6)} kWh on {date()}; MPAN core {d(13)}.")
out = open('dev17.jsonl', 'w')
for i, t in enumerate(T):
    out.write(json.dumps({"id": f"il{i}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
