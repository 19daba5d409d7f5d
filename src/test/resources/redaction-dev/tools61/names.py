# Development set dev25 (issue 47, round 61): people in the same tool-output genres as dev24 — assignees, reviewers
# and attendees in API JSON, e-mail headers, signatures, git authors, CRM and support records, calendar invites with
# guests, chat exports — with their e-mails, phones and addresses, so that rules that keep dev24's things can be
# checked not to keep people. Fictional people and contacts (example.com/.org/.net domains, Ofcom and NANP drama
# ranges). Written here before any rule change of round 61. Tuned on.
# Run from src/test/resources/redaction-dev: python3 tools61/names.py > dev25.jsonl
import json, random
R = random.Random(6125)
def pick(*xs): return R.choice(xs)
def n(a, b): return R.randint(a, b)
def hx(k): return ''.join(R.choice('0123456789abcdef') for _ in range(k))
PEOPLE = ["Priya Raman", "Tom Becker", "Maria Lopez", "Kwame Mensah", "Sofia Marquez", "Daniel Okafor", "Hannah Schmidt", "Liam O'Connor", "Olivia Chen", "Ahmed Khan", "Grace Whitfield", "Jordan Ellis", "Chloe Dubois", "Mateo Fernández", "Aisha Bello", "Ravi Shankar Iyer", "Emily Nakamura", "Lucas Moreau", "Fatima Zahra Idrissi", "Sean Gallagher", "Ingrid Larsen", "Marcus Webb", "Nadia Petrova", "Owen Price", "Yuki Tanaka", "Carmen Ruiz", "Felix Wagner", "Amara Nwosu", "Isabel Costa", "Victor Hale", "Rose Kimani", "Dylan Morgan", "Lena Fischer", "Tariq Aziz", "Megan Doyle", "Arjun Mehta"]
def email(p): return p.lower().replace(" ", ".").replace("'", "").replace("á", "a").replace("é", "e") + "@" + pick("example.com", "example.org", "example.net")
def phone(): return pick(f"+44 7700 900{n(100,999)}", f"(415) 555-01{n(10,99)}", f"+1 415 555 01{n(10,99)}", f"07700 900{n(100,999)}")
ADDR = ["14 Beech Road, Leeds LS6 2AB", "221 Maple Avenue, Springfield, IL 62704", "8 Rue des Lilas, 69003 Lyon", "Flat 3, 27 Harbour Street, Cork T12 X8Y2", "56 Queen Street, Brisbane QLD 4000", "Hauptstraße 12, 10115 Berlin"]
M = []
def add(g, text, items):
    for k, v in items:
        assert v in text, (v, text)
    M.append((g, text, items))
people = PEOPLE[:]
R.shuffle(people)
for i in range(72):
    p = people[i % len(people)]
    q = people[(i + 7) % len(people)]
    g = i % 12
    if g == 0:
        add("issue", json.dumps({"key": f"OPS-{n(100,9999)}", "summary": pick("Kafka consumer lag", "Fix Jasper export", "Phoenix deploy fails"), "assignee": p, "reporter": q, "priority": "High"}, ensure_ascii=False), [("name", p), ("name", q)])
    elif g == 1:
        e = email(p)
        add("mail", f"From: {p} <{e}>\nTo: support@example.com\nSubject: Re: {pick('Invoice 4471', 'Aurora Lamp return', 'Order ORD-228194')}\n\nHi, any update on this?", [("name", p), ("email", e)])
    elif g == 2:
        ph = phone()
        add("signature", f"{pick('Thanks for your help', 'See the attached logs', 'The build is green now')}.\n\nBest regards,\n{p}\n{pick('Head of Procurement', 'Site Reliability Engineer', 'Account Manager')}, {pick('Aurora Ltd', 'Hudson Logistics', 'Phoenix Health')}\nTel: {ph}", [("name", p), ("phone", ph)])
    elif g == 3:
        e = email(p)
        add("git", f"commit {hx(40)}\nAuthor: {p} <{e}>\nDate:   Tue Mar 3 10:{n(10,59)}:00 2026 +0000\n\n    {pick('Fix Cassandra retry', 'Add Sinatra health route', 'Bump jackson-databind')}", [("name", p), ("email", e)])
    elif g == 4:
        add("calendar", json.dumps({"summary": pick("Sprint Planning", "Design Review: Aurora Dashboard", "Quarterly Business Review"), "organizer": {"displayName": p}, "attendees": [{"displayName": q, "responseStatus": "accepted"}], "location": "Room Lovelace"}, ensure_ascii=False), [("name", p), ("name", q)])
    elif g == 5:
        ph = phone()
        add("crm", json.dumps({"contact_name": p, "company": pick("Morgan Stanley", "Johnson & Johnson", "Dell Technologies"), "phone": ph, "stage": "Negotiation"}, ensure_ascii=False), [("name", p), ("phone", ph)])
    elif g == 6:
        a = pick(*ADDR)
        add("support", f"Ticket #{n(10000,99999)} — Customer: {p}\nShipping address: {a}\nItem: {pick('Matilda Armchair', 'Stanley Thermos', 'Florence Table')} ({pick('Olive', 'Hazel', 'Ruby')})\nStatus: awaiting courier", [("name", p), ("address", a)])
    elif g == 7:
        add("chat", f"[{n(8,18)}:{n(10,59)}] {p}: {pick('can you rerun the Jenkins job?', 'the Charlotte deploy is done', 'Kafka lag is back to normal')}\n[{n(8,18)}:{n(10,59)}] {q}: {pick('on it', 'thanks!', 'will check after lunch')}", [("name", p), ("name", q)])
    elif g == 8:
        add("review", json.dumps({"pull_request": n(100, 9999), "title": pick("Add Grafana dashboards", "Migrate Hudson jobs"), "requested_reviewers": [p], "merged_by": q}, ensure_ascii=False), [("name", p), ("name", q)])
    elif g == 9:
        add("hr", f"| Employee | Team | Location |\n|---|---|---|\n| {p} | {pick('Platform', 'Payments', 'Search')} | {pick('Austin', 'Florence', 'Charlotte')} |\n| {q} | {pick('Data', 'Mobile')} | {pick('Madison', 'Victoria')} |", [("name", p), ("name", q)])
    elif g == 10:
        add("log", f"{pick('2026-03-04T09:12:44Z', '2026-05-19T17:02:11Z')} INFO audit: user \"{p}\" {pick('approved refund', 'exported report', 'changed role to admin')} for account {n(1000,9999)}", [("name", p)])
    else:
        e = email(q)
        add("forward", f"---------- Forwarded message ---------\nFrom: {q} <{e}>\nDate: Mon, 2 Mar 2026\nSubject: Victoria Office Opening\n\nPlease loop in {p} from facilities.", [("name", q), ("email", e), ("name", p)])
for i, (g, t, items) in enumerate(M):
    print(json.dumps({"id": f"t61p-{i:03d}-{g}", "locale": "en", "text": t, "pii": [{"kind": k, "text": v} for k, v in items]}, ensure_ascii=False))
