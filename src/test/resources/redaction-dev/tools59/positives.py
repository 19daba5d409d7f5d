# Development set dev20 (issue 47, round 59): personal items embedded in the genres of dev18 and dev19 (tool
# returns with ids, tables, timetables, results, public places, env-var talk, stack traces, CSV rows), so that the
# round's keep rules cannot buy false positives with recall: names of customers and next of kin in table cells
# under person columns, a person's home address beside a museum's, a phone and an e-mail in an API body, a handle
# after a platform word, secrets beside ids. Written here (fixed seed), tuned on.
# Run from src/test/resources/redaction-dev: python3 tools59/positives.py
import json, random, string
R = random.Random(5961)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def pick(*xs): return R.choice(xs)
FIRST = ["Siobhan", "Gareth", "Priya", "Mateo", "Ingrid", "Olusegun", "Margaux", "Thijs", "Giulia", "Rahul", "Aoife", "Dariusz", "Keziah", "Lorcan", "Esperanza", "Henrike"]
LAST = ["Whitfield", "Okonkwo", "Fernández", "Lindqvist", "Moreau", "de Vries", "Bianchi", "Nair", "Gallagher", "Kowalski", "Achterberg", "Pemberton"]
HOMES = ["14 Larkspur Close, Harrogate HG2 7QT", "221 Maple Avenue, Apt 4B, Columbus, OH 43215", "Rue des Lilas 8, 69003 Lyon", "Kastanienweg 12, 50937 Köln", "Calle Olivo 5, 3º B, 41003 Sevilla", "Via Garibaldi 41, 10122 Torino", "Prinsengracht 263-2, 1016 GV Amsterdam"]
T = []
def add(g, t, pii): T.append((g, t, pii))
for i in range(6):
    f, l = pick(*FIRST), pick(*LAST)
    n = f"{f} {l}"
    add("table", f"customer\tcity\tplan\tmrr\n{n}\t{pick('Leeds','Austin','Lyon')}\tTeam\t{R.randint(100,900)}", [("name", n)])
    add("md", f"| owner | region | status |\n|---|---|---|\n| {n} | EMEA | open |", [("name", n)])
    home = pick(*HOMES)
    add("place", f"Met {f} at the British Museum, Great Russell Street, London WC1B 3DG; she lives at {home}.", [("name", f), ("address", home)])
    ph = f"+44 7{d(3)} {d(6)}"
    em = f"{f.lower()}.{l.lower().replace(' ', '')}@{pick('gmail.com','outlook.com','web.de')}"
    add("api", f'{{"id": "cus_{al(14)}", "name": "{n}", "phone": "{ph}", "email": "{em}", "created": "2025-0{R.randint(1,9)}-1{R.randint(0,9)}T10:00:00Z", "request_id": "req_{h(32)}"}}', [("name", n), ("phone", ph), ("email", em)])
    key = "sk-proj-" + al(48)
    add("keys", f"Set OPENAI_API_KEY={key} in .env (trace {h(32)}, commit {h(40)}).", [("secret", key)])
    gh = "ghp_" + al(36)
    add("keys", f"export GITHUB_TOKEN={gh}  # run {R.randint(1000,9999)}, image sha256:{h(64)}", [("secret", gh)])
    handle = f"{f.lower()}_{d(2)}"
    add("handle", f"Standings: 1. Arsenal 52 pts, 2. Everton 40 pts. DM me on instagram @{handle} for the sweepstake.", [("handle", "@" + handle)])
    add("sport", f"My son {f} scored twice, {pick('Arsenal','Celtic','Ajax')} U12 3–1 {pick('Everton','Rangers','PSV')} U12; ring me on {ph}.", [("name", f), ("phone", ph)])
    add("transit", f"Platform 4: 07:55 ICE 1838 to Hamburg — {n} will meet you at the barrier.", [("name", n)])
    add("trace", f'java.lang.IllegalStateException: no consent for patient {n}\n\tat com.acme.Consent.check(Consent.java:{R.randint(10,300)})', [("name", n)])
    add("csv", f"date,patient,ward,bed\n2025-0{R.randint(1,9)}-0{R.randint(1,9)},{n},Ward {R.randint(1,12)},{R.randint(1,30)}", [("name", n)])
    add("recipe", f"{f}'s Waldorf salad: 2 apples, 50 g walnuts, 1 celery stick; {f} brings it round on Sundays.", [("name", f)])
out = open('dev20.jsonl', 'w')
for i, (g, t, pii) in enumerate(T):
    for k, v in pii:
        assert v in t, (v, t)
    out.write(json.dumps({"id": f"p{i}-{g}", "locale": "en", "text": t, "pii": [{"kind": k, "text": v} for k, v in pii]}, ensure_ascii=False) + "\n")
print(len(T))
