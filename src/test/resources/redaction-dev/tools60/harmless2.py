# Development set dev23 (issue 47, round 60, second batch): harmless tool returns of three genres named in issue 47's
# held-out README's list of what its harmless messages hold, written here in forms dev..dev22 lack (no held-out item
# was read): talk about keys with placeholders and masked keys (docs, .env.example, CLI help, dashboards showing the
# last four characters), holidays named after people, saints and places in calendar API returns and in sentences
# (US state holidays, Latin American, Indian, Philippine, Catalan, Hawaiian, Scottish), and amounts, dates and
# reference numbers in many countries' formats (invoice, order, case, RMA, ISIN, LEI, BIC, ASIN, IMO). Values drawn
# at random (fixed seed), written before the rule changes of this batch.
# Run from src/test/resources/redaction-dev: python3 tools60/harmless2.py
import json, random, string
R = random.Random(6062)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def up(n): return ''.join(R.choice(string.ascii_uppercase) for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def pick(*xs): return R.choice(xs)
T = []
def add(g, t): T.append((g, t))
VARS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "STRIPE_SECRET_KEY", "AWS_SECRET_ACCESS_KEY", "HF_TOKEN", "SLACK_BOT_TOKEN", "DATABASE_PASSWORD", "SENDGRID_API_KEY", "JWT_SECRET"]
PH = ["your-api-key-here", "<YOUR_API_KEY>", "sk-...", "sk-proj-REPLACE_ME", "changeme", "${OPENAI_API_KEY}", "xxxxxxxxxxxxxxxx", "YOUR_TOKEN", "<token>", "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", "REPLACE_WITH_YOUR_KEY", "sk-ant-api03-...", "********", "[REDACTED]", "{{ secrets.GITHUB_TOKEN }}", "op://Private/OpenAI/credential", "dummy", "test", "TODO"]
for i in range(30):
    v = pick(*VARS); p = pick(*PH)
    add("keytalk", pick(
        f"# .env.example\n{v}={p}\nLOG_LEVEL=info",
        f"Set {v} to your key (it starts with {pick('sk-', 'sk-ant-', 'ghp_', 'xoxb-', 'hf_', 'AKIA')}); never commit it.",
        f"Error: {v} is not set. Export it first: export {v}=\"{p}\"",
        f"  --api-key TEXT   API key (default: ${v})\n  --token TEXT     Access token; read from {v} if omitted",
        f"API keys\nName            Key                 Created       Last used\n{pick('ci', 'local', 'staging')}-key    sk-...{al(4)}          2025-0{R.randint(1,9)}-1{R.randint(0,9)}    {R.randint(1,30)} days ago",
        f"Your key ending in {al(4)} was rotated on 2025-0{R.randint(1,9)}-0{R.randint(1,9)}; the old key stops working in {R.randint(1,30)} days.",
        f'{{"api_key": "{p}", "model": "gpt-4o-mini", "timeout": {R.randint(10,120)}}}',
        f"Authorization: Bearer {pick('<token>', 'YOUR_TOKEN', '$TOKEN', '${ACCESS_TOKEN}', '...')}",
        f"token: {pick('expired', 'invalid', 'missing', 'revoked')} (code {R.randint(400,499)}); request a new one from the dashboard",
        f"The {v.split('_')[0].title()} key is {R.randint(40,100)} characters long and is shown only once.",
        f"secret_key_base is generated with `rails secret`; store it in credentials.yml.enc, not in git.",
        f"password: {pick('********', '[hidden]', '(set)', '<redacted>', 'null')}\nusername: {pick('admin', 'postgres', 'app')}"))
HOL = ["Martin Luther King Jr. Day", "Presidents' Day", "Washington's Birthday", "Lincoln's Birthday", "Cesar Chavez Day", "Casimir Pulaski Day",
       "Columbus Day", "Indigenous Peoples' Day", "Leif Erikson Day", "Kamehameha Day", "Prince Kūhiō Day", "Seward's Day", "Patriots' Day",
       "Juneteenth", "Harvey Milk Day", "Rosa Parks Day", "Susan B. Anthony Day", "Truman Day", "Jefferson Davis' Birthday", "Evacuation Day",
       "St Andrew's Day", "St David's Day", "St George's Day", "St Patrick's Day", "St Stephen's Day", "Burns Night", "Guy Fawkes Night",
       "Boxing Day", "King's Birthday", "Queen's Birthday", "Valentine's Day", "Saint-Jean-Baptiste", "Sant Jordi", "San Juan", "Día de San José",
       "Santiago Apóstol", "Natalicio de Benito Juárez", "Tiradentes", "Dia de São João", "Gandhi Jayanti", "Ambedkar Jayanti", "Guru Nanak Jayanti",
       "Mahavir Jayanti", "Rizal Day", "Bonifacio Day", "Ninoy Aquino Day", "Saint Nicholas Day", "St. Lucia's Day", "Sinterklaas", "Mardi Gras",
       "Saint Joseph's Day", "All Saints' Day", "Ascension Day", "Whit Monday", "Corpus Christi", "Ferragosto", "Befana", "Koningsdag",
       "Tag der Deutschen Einheit", "Fête nationale", "Lunar New Year", "Diwali", "Eid al-Fitr", "Hanukkah", "Labour Day", "Anzac Day", "Canada Day", "Victoria Day"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
for i in range(40):
    hname = HOL[i % len(HOL)] if i < len(HOL) else pick(*HOL)
    dd = f"2026-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
    add("holiday", pick(
        f'{{"date": "{dd}", "localName": "{hname}", "name": "{hname}", "countryCode": "{pick("US", "GB", "IE", "ES", "MX", "BR", "IN", "PH", "NL", "DE", "FR", "CA", "AU")}", "fixed": {pick("true", "false")}, "global": {pick("true", "false")}, "types": ["Public"]}}',
        f"BEGIN:VEVENT\nDTSTART;VALUE=DATE:{dd.replace('-', '')}\nSUMMARY:{hname}\nUID:{h(16)}@calendar.example.org\nEND:VEVENT",
        f"The office is closed on {hname} ({R.randint(1,28)} {pick(*MONTHS)}); support replies resume the next working day.",
        f"{hname}: {pick('bank holiday', 'state holiday', 'observed', 'optional holiday')}, {R.randint(1,28)} {pick(*MONTHS)} 2026",
        f"Next holidays: {pick(*HOL)} ({pick(*MONTHS)} {R.randint(1,28)}), {hname} ({pick(*MONTHS)} {R.randint(1,28)})"))
for i in range(20):
    for h_ in HOL[i*3:(i+1)*3]:
        add("holiday", f"{h_} — {pick('closed', 'open 10:00–16:00', 'reduced timetable', 'no deliveries')}")
for i in range(12):
    add("amount", pick(f"Total: €{R.randint(1,99)}.{d(3)},{d(2)} (TVA 20 % incluse)", f"Amount due: ${R.randint(1,99)},{d(3)}.{d(2)} USD by {pick(*MONTHS)} {R.randint(1,28)}, 2026",
                       f"Saldo: R$ {R.randint(1,99)}.{d(3)},{d(2)}", f"Betrag: {R.randint(1,99)}.{d(3)},{d(2)} EUR, fällig am {R.randint(1,28)}.{R.randint(1,12)}.2026",
                       f"Kwota: {R.randint(1,99)} {d(3)},{d(2)} zł", f"Price CHF {R.randint(1,9)}'{d(3)}.{d(2)}", f"Total ₹{R.randint(1,9)},{d(2)},{d(3)}.00 incl. GST",
                       f"¥{R.randint(1,999)},{d(3)} (税込)", f"Invoice total £{R.randint(1,99)},{d(3)}.{d(2)} (VAT £{R.randint(100,999)}.{d(2)})"))
    add("date", pick(f"Due {R.randint(1,28)}/{R.randint(1,12)}/2026; paid 2026-{R.randint(1,12):02d}-{R.randint(1,28):02d}; week 2026-W{R.randint(10,52)}",
                     f"Period: Q{R.randint(1,4)} FY2026 ({R.randint(1,28)}-{pick('Jan', 'Apr', 'Jul', 'Oct')}-26 to {R.randint(1,28)}-{pick('Mar', 'Jun', 'Sep', 'Dec')}-26)",
                     f"Stichtag {R.randint(1,28):02d}.{R.randint(1,12):02d}.2026, Frist {R.randint(14,60)} Tage", f"Échéance : {R.randint(1,28)} {pick('janvier', 'mars', 'juillet', 'octobre')} 2026",
                     f"last_modified={R.randint(1700000000,1760000000)} ({pick(*MONTHS)} {R.randint(1,28)}, 2025 {R.randint(1,12)}:{R.randint(10,59)} PM)"))
    add("ref", pick(f"Invoice INV-2026-{d(6)} for PO {45}{d(8)}; order #{d(3)}-{d(7)}-{d(7)}",
                    f"Case {d(8)} / ticket {up(4)}-{R.randint(100,9999)} / RMA {d(7)}",
                    f"ISIN US{d(10)}, LEI {d(4)}00{an(12)}, BIC {up(4)}{pick('DE', 'FR', 'GB', 'NL')}{an(2)}",
                    f"ASIN B0{an(8)}, IMO {R.randint(9000000,9999999)}, DUNS {d(2)}-{d(3)}-{d(4)}",
                    f"Confirmation code {an(6)}; claim no. 2026/{d(6)}; policy {up(3)}{d(9)}",
                    f"Delivery note DN{d(8)}; batch L{d(6)}; lot {an(8)}; serial SN{an(10)}",
                    f"Your reference: {up(2)}{d(2)}-{d(6)}-{up(1)} (quote it when you call)"))
out = open('dev23.jsonl', 'w')
for i, (g, t) in enumerate(T):
    out.write(json.dumps({"id": f"t60b-{i:03d}-{g}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
