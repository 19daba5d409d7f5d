"""Writes the redaction development set, src/test/resources/redaction-dev/dev.jsonl (format: docs in the README,
Privacy). Messages are hand-written by the Tracejudge developers in the style of support messages (lower case, typos,
run-ons, mixed languages); the personal data in them is invented: names from our own list, identifiers generated with
valid check digits (IBAN mod 97, Luhn, NHS mod 11, Steuer-ID ISO 7064, Verhoeff). The held-out set is separate and
written by someone else; never tune on it. Deterministic (seed 33)."""
import json, random, string, os

R = random.Random(33)

# ---------- identifier generators with correct check digits ----------
def iban(country, length):
    bban_len = length - 4
    if country in ("GB", "IE"):
        bban = "".join(R.choice(string.ascii_uppercase) for _ in range(4)) + "".join(R.choice(string.digits) for _ in range(bban_len - 4))
    else:
        bban = "".join(R.choice(string.digits) for _ in range(bban_len))
    num = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(num) % 97
    return f"{country}{check:02d}{bban}"

def group4(s, sep=" "):
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))

def luhn_complete(prefix, length):
    body = prefix + "".join(R.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for d in string.digits:
        s = body + d
        tot = 0
        for i, ch in enumerate(reversed(s)):
            v = int(ch)
            if i % 2 == 1:
                v *= 2
                if v > 9: v -= 9
            tot += v
        if tot % 10 == 0:
            return s

def ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666: break
    return f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"

def nhs():
    while True:
        d = [R.randint(0, 9) for _ in range(9)]
        c = 11 - sum(x * (10 - i) for i, x in enumerate(d)) % 11
        if c == 11: c = 0
        if c == 10: continue
        s = "".join(map(str, d)) + str(c)
        return s

def ni():
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"
    while True:
        p = R.choice(first) + R.choice(second)
        if p not in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ"): break
    return p + "".join(R.choice(string.digits) for _ in range(6)) + R.choice("ABCD")

def steuer():
    d = [R.randint(1, 9)] + [R.randint(0, 9) for _ in range(9)]
    product = 10
    for x in d:
        s = (x + product) % 10
        if s == 0: s = 10
        product = (s * 2) % 11
    c = 11 - product
    if c == 10: c = 0
    return "".join(map(str, d)) + str(c)

VD = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],
      [5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]
VP = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],
      [4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]
VINV = [0,4,3,2,1,5,6,7,8,9]
def aadhaar():
    d = [R.randint(2, 9)] + [R.randint(0, 9) for _ in range(10)]
    c = 0
    for i, x in enumerate(reversed(d)):
        c = VD[c][VP[(i + 1) % 8][x]]
    return "".join(map(str, d)) + str(VINV[c])

def ipv4():
    return f"{R.choice([81, 92, 109, 151, 178, 203, 86, 62, 5])}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"

def ipv6():
    g = [f"{R.randint(0, 65535):x}" for _ in range(8)]
    if R.random() < 0.5:
        return "2a02:" + ":".join(g[1:4]) + "::" + g[7]
    return ":".join(g)

# ---------- pools of invented personal data ----------
GIVEN = ["aoife", "Siobhan", "Tomasz", "Chidi", "Mei", "Rafael", "Fatima", "Jürgen", "Lakshmi", "Kwame", "Ingrid",
         "Mateo", "Zainab", "Oluwaseun", "Dmitri", "Hamza", "Grace", "Liam", "Noor", "Ravi", "Chloé", "Yusuf", "Keira",
         "Callum", "Anouk", "Sven", "Aroha", "Bartek", "Eilidh", "Tadhg", "Saoirse", "Bronwyn", "Imogen", "Kofi",
         "Ayesha", "Deepak", "Marisol", "Léa", "Nikolai", "Hannah", "Jamal", "Ines", "Oskar", "Priya", "Rohan",
         "Svetlana", "Thiago", "Yara", "Zoltan", "Beatriz", "Conor", "Dilnoza", "Ebony", "Femi", "Gulnara", "Hiroshi",
         "Isla", "Joaquín", "Kasia", "Laila", "Magnus", "Niamh", "Orla", "Paulo", "Rania", "Sinéad", "Tariq", "Uma",
         "Vikram", "Wanjiru", "Ximena", "Yasmin", "Zeynep", "Ahmed", "Brigid", "Ciarán", "Darius", "Elif", "Farah"]
SURN = ["Kearney", "Wiśniewski", "Okonkwo", "Lin", "Ortega", "Benali", "Becker", "Narayanan", "Mensah", "Solberg",
        "Ferreira", "Haddad", "Adeyemi", "Volkov", "Ben Youssef", "O'Connell", "van den Berg", "Iqbal", "Sharma",
        "Moreau", "Demir", "Hughes", "McLeod", "de Vries", "Lindqvist", "Tane", "Kowalczyk", "MacDonald", "Ó Súilleabháin",
        "Gallagher", "Pritchard", "Asante", "Chaudhry", "Patel", "Gutiérrez", "Dubois", "Petrov", "Abdullah", "Nakamura",
        "Osei", "Fitzgerald", "Rahman", "Schmidt", "Lopez-Martin", "Nwosu", "Quinn", "Reyes", "Sato", "Thakur",
        "Walsh", "Al-Masri", "Brennan", "Costa", "Duffy", "Egan", "Farouk", "Greaves", "Hale", "Ibarra"]
AMBIG = ["Hope", "Will", "Mark", "Frank", "Rose", "June", "Bill", "Grace", "Dawn", "Summer", "Jack", "Faith", "Pat", "Joy"]

def name():
    return R.choice(GIVEN)

def full():
    return R.choice(GIVEN).capitalize() if R.random() < 0.1 else R.choice(GIVEN) + " " + R.choice(SURN)

def lower(s):
    return s.lower() if R.random() < 0.35 else s

EMAILS = lambda n: R.choice([
    f"{n.lower().replace(' ', '.')}{R.randint(1, 99)}@gmail.com", f"{n.lower().replace(' ', '_')}@hotmail.co.uk",
    f"{n.split()[0].lower()} at outlook dot com", f"{n.split()[0].lower()}{R.randint(80, 99)} (at) yahoo (dot) com",
    f"{n.split()[0].lower()}.{R.choice(['k', 'm', 'b'])} @ protonmail . com", f"{n.split()[0].lower()}[at]web[dot]de",
    f"{n.lower().replace(' ', '')}@icloud.com", f"{n.split()[0].lower()}_{R.randint(10, 99)}@gmx.de"])

def phone():
    return R.choice([
        f"07{R.randint(100, 999)} {R.randint(100000, 999999)}", f"+44 7{R.randint(100, 999)} {R.randint(100, 999)} {R.randint(100, 999)}",
        f"({R.choice([212, 415, 646, 312, 713, 617])}) {R.randint(200, 999)}-{R.randint(1000, 9999)}",
        f"{R.choice([415, 503, 206])}-{R.randint(200, 999)}-{R.randint(1000, 9999)}",
        f"+1 {R.choice([917, 312, 702])} {R.randint(200, 999)} {R.randint(1000, 9999)}",
        f"0{R.choice([151, 161, 113, 117, 141])} {R.randint(200, 999)} {R.randint(1000, 9999)}",
        f"01{R.choice([5, 7, 6])}{R.randint(1, 9)} {R.randint(1000000, 9999999)}", f"+49 1{R.choice([51, 52, 60, 70, 76])} {R.randint(1000000, 99999999)}",
        f"06 {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)}",
        f"+33 7 {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)}",
        f"6{R.randint(10, 99)} {R.randint(100, 999)} {R.randint(100, 999)}", f"+34 6{R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)}",
        f"98{R.randint(100, 999)} {R.randint(10000, 99999)}", f"+91 9{R.randint(1000, 9999)} {R.randint(10000, 99999)}",
        f"04{R.randint(10, 99)} {R.randint(100, 999)} {R.randint(100, 999)}", f"+61 4{R.randint(10, 99)} {R.randint(100, 999)} {R.randint(100, 999)}",
        f"08{R.choice([3, 5, 6, 7])} {R.randint(100, 999)} {R.randint(1000, 9999)}", f"+353 8{R.choice([3, 5, 6, 7])} {R.randint(100, 999)} {R.randint(1000, 9999)}",
        f"07{R.randint(100000000, 999999999)}", f"020 {R.randint(7000, 8999)} {R.randint(1000, 9999)}"])

ADDR = lambda: R.choice([
    f"{R.randint(2, 140)} {R.choice(['Larch', 'Beckett', 'Mill', 'Station', 'Wellington', 'Cavendish', 'Holly'])} {R.choice(['Road', 'Street', 'Lane', 'Avenue', 'Close', 'Crescent', 'Drive'])}, {R.choice(['Leeds LS6 2AB', 'Bristol BS3 4QT', 'Manchester M14 5RF', 'Glasgow G12 8QQ', 'Cardiff CF24 3AA'])}",
    f"{R.randint(2, 140)} {R.choice(['larch', 'mill', 'station', 'church', 'victoria'])} {R.choice(['rd', 'st', 'lane', 'road'])} {R.choice(['ls6 2ab', 'm14 5rf', 'bs3 4qt', 'nw3 6hn'])}",
    f"{R.randint(100, 9999)} {R.choice(['Oak', 'Maple', 'Cedar', 'Pine', 'Elm'])} {R.choice(['St', 'Ave', 'Blvd', 'Dr'])}, {R.choice(['Austin, TX 78704', 'Columbus, OH 43215', 'Portland, OR 97205', 'Tucson, AZ 85719'])}",
    f"{R.choice(['Lindenstraße', 'Hauptstr.', 'Gartenweg', 'Bahnhofstraße', 'Schillerstraße'])} {R.randint(1, 90)}, {R.choice(['10115 Berlin', '50667 Köln', '80331 München', '20095 Hamburg'])}",
    f"{R.randint(1, 90)} {R.choice(['rue des Lilas', 'avenue Jean Jaurès', 'rue Victor Hugo', 'boulevard Voltaire'])}, {R.choice(['75011 Paris', '69003 Lyon', '13001 Marseille'])}",
    f"{R.choice(['Calle Mayor', 'Calle de Alcalá', 'Avenida de América', 'C/ Sierpes'])} {R.randint(1, 120)}, {R.choice(['28013 Madrid', '41004 Sevilla', '08002 Barcelona'])}",
    f"Flat {R.randint(1, 20)}{R.choice(['', 'B'])}, {R.randint(1, 60)} {R.choice(['MG Road', 'Sardar Patel Marg', 'Gandhi Nagar', 'Park Street'])}, {R.choice(['Bengaluru 560001', 'Chennai 600028', 'Pune 411001', 'Jaipur 302001'])}",
    f"{R.randint(1, 99)} {R.choice(['Smith', 'George', 'Brunswick', 'Chapel'])} St, {R.choice(['Fitzroy VIC 3065', 'Newtown NSW 2042', 'West End QLD 4101'])}"])

def card():
    c = R.choice([luhn_complete("4", 16), luhn_complete("5" + str(R.randint(1, 5)), 16), luhn_complete(R.choice(["34", "37"]), 15)])
    if len(c) == 15:
        return R.choice([f"{c[:4]} {c[4:10]} {c[10:]}", c])
    return R.choice([group4(c), group4(c, "-"), c])

def dob():
    d, m, y = R.randint(1, 28), R.randint(1, 12), R.randint(1955, 2008)
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    return R.choice([f"{d:02d}/{m:02d}/{y}", f"{d}/{m}/{str(y)[2:]}", f"{y}-{m:02d}-{d:02d}", f"{d} {months[m - 1]} {y}",
                     f"{months[m - 1].lower()} {d} {y}", f"{d}th {months[m - 1][:3].lower()} {y}", f"{months[m - 1]} {str(y)[2:]}",
                     f"{d}.{m}.{y}", f"{months[m - 1]} {d}, {y}"])

def handle():
    return R.choice(["jess_x_", "tomkatt99", "sad.girl.autumn", "nikko_b", "ravi.dxb", "the_real_mo", "kwame.m", "lil_ash0"])

def url():
    h = R.choice(["aoife.k", "tomaszw", "chidi_o", "mei.lin.art", "rafa_ortega"])
    return R.choice([f"instagram.com/{h}", f"https://www.tiktok.com/@{h}", f"https://facebook.com/{h.replace('_', '.')}",
                     f"linkedin.com/in/{h.replace('_', '-').replace('.', '-')}", f"https://{h.replace('_', '').replace('.', '')}.github.io",
                     f"https://twitter.com/{h.replace('.', '_')}", f"reddit.com/u/{h.replace('.', '_')}"])

# ---------- message templates (hand-written); slots {x} filled below, each slot is one pii item ----------
T = []  # (template, {slot: kind})
def t(tmpl_, **kinds):
    T.append((tmpl_, kinds))

t("hi my name is {n} and i dont know who else to talk to, everything is falling apart", n="name")
t("im {g} btw. sorry for the long msg", g="name")
t("tell {g} im sorry, i never meant any of it", g="name")
t("my daughter {g} wont talk to me since the funeral and i cant sleep", g="name")
t("my son {g} is 14 and he found my pills. what do i do", g="name")
t("my ex {n} keeps turning up at my work, i'm scared", n="name")
t("{g} said i was overreacting but my chest hurts all the time", g="name")
t("i told {g} everything and she just laughed at me", g="name")
t("thanks for listening\n- {n}", n="name")
t("ok thank you. {g}", g="name")
t("Dr {s} upped my sertraline to 100mg and now i feel worse??", s="name")
t("spoke to mrs {s} at the school and she says they cant do anything", s="name")
t("me and {g} broke up last night and i just want it to stop", g="name")
t("can u pass this on to my counsellor {n}? she knows my history", n="name")
t("my partner {g} drinks every night and gets angry, i dont feel safe", g="name")
t("my mum {g} is in hospital again and no one tells me anything", g="name")
t("its {g} again from yesterday, still not ok", g="name")
t("{n} from work has been messaging me horrible stuff", n="name")
t("call me {g}, everyone does", g="name")
t("i live with my nan {g} and she doesnt know im like this", g="name")
t("my bf {g} took my phone and read everything", g="name")
t("sorry {g}, i know you are busy", g="name")
t("my name's {n}, i'm 19 and i'm at uni in the first year", n="name")
t("Me llamo {g} y no puedo más, everything is too much", g="name")
t("je m'appelle {g}, je suis à Lyon et ça va pas du tout", g="name")
t("ich heiße {g} und ich weiß nicht weiter", g="name")
t("mera naam {g} hai, pls help me", g="name")
t("i keep thinking about {g}, she died 2 years ago today", g="name")
t("{a} {s} is my social worker and she never calls back", a="name", s="name")
t("my sister {a} is the only one who gets it", a="name")
t("Thanks,\n{n}", n="name")
t("cheers {g}", g="name")
t("the nurse, {n}, was lovely but the doctor wasnt", n="name")
t("ask {g} if she can pick up the kids i cant get out of bed", g="name")
t("please dont tell {n} i wrote here", n="name")
t("— {n}", n="name")
t("my therapist {g} is off sick for a month and i'm spiralling", g="name")
t("we had a fight, {g} threw a glass at me", g="name")
t("this is {n}, i messaged last week about my brother", n="name")
t("hey its {g} lol, im not doing great", g="name")
t("miss {g} so much it hurts", g="name")
t("Mr. {s} the landlord wants us out by friday", s="name")
t("my best friend {n} stopped replying after i told her", n="name")

t("you can email me at {e} if thats easier", e="email")
t("my email is {e}", e="email")
t("pls send the leaflet to {e} not my work one", e="email")
t("{e} is my personal mail, my husband checks the other one", e="email")
t("can someone write to me? {e}", e="email")
t("contact me {e} pls", e="email")

t("my number is {p} if someone can call", p="phone")
t("text me on {p} i cant talk out loud", p="phone")
t("call {p} after 6, thats my mobile", p="phone")
t("my mum's number is {p}, can you ring her", p="phone")
t("my phone {p} (whatsapp)", p="phone")
t("pls ring me {p} i dont have credit to call", p="phone")
t("{p} thats my number, dont give it to anyone", p="phone")
t("mobil: {p}", p="phone")
t("you can reach me on {p} till 10pm", p="phone")
t("he keeps calling me from {p} even after i blocked him", p="phone")

t("i live at {ad} and i dont want to go home", ad="address")
t("my address is {ad}", ad="address")
t("can you send someone to {ad}? im scared", ad="address")
t("were staying at {ad} with my aunt for now", ad="address")
t("moved to {ad} last month and i know nobody", ad="address")
t("he knows where i live, {ad}", ad="address")
t("the refuge said they would post it to {ad}", ad="address")

t("i was born on {d} so im not a kid", d="dob")
t("dob {d}", d="dob")
t("my date of birth is {d} if you need it", d="dob")
t("born {d}, if that matters", d="dob")
t("d.o.b: {d}", d="dob")
t("my birthday is {d} and i dont want to see it", d="dob")
t("i was born in {d} so im basically old lol", d="dob")
t("DOB - {d}", d="dob")

t("my insta is {h} if you want to see what they posted", h="handle")
t("they made a fake account @{h} pretending to be me", h="handle")
t("add me on snap: {h}", h="handle")
t("my tiktok is {h}, the comments are awful", h="handle")
t("follow @{h} to see the screenshots", h="handle")
t("discord {h} if you want to talk there", h="handle")

t("this is my page {u} they keep commenting horrible stuff", u="url")
t("look at {u} thats him", u="url")
t("my profile {u} got hacked", u="url")
t("he posted my pics on {u}", u="url")

t("my iban is {ib} for the refund", ib="iban")
t("they took money from {ib} without asking", ib="iban")
t("IBAN: {ib}", ib="iban")
t("the loan shark wants me to send it from my account {ib}", ib="iban")

t("he used my card {c} and now its maxed", c="card")
t("card number {c} exp 09/27, can you check if its frozen", c="card")
t("my bank card {c} was stolen with my purse", c="card")
t("i gave {c} to a guy on the phone, was it a scam", c="card")

t("my ssn is {ss}, they said they needed it for the form", ss="ssn")
t("someone opened a loan with my social security number {ss}", ss="ssn")
t("SSN {ss}", ss="ssn")

t("my nhs number is {nh} if the gp needs it", nh="nhs")
t("NHS no: {nh}", nh="nhs")
t("nhs {nh} - i was at a&e on tuesday", nh="nhs")

t("my NI number is {ni}, the job centre lost my forms", ni="ni")
t("national insurance {ni}", ni="ni")
t("ni no. {ni}", ni="ni")

t("meine Steuer-ID ist {st}, the Finanzamt keeps writing", st="de_tax_id")
t("steuer id {st}", st="de_tax_id")
t("my german tax id {st} is on the letter", st="de_tax_id")

t("my aadhaar is {aa} pls dont share", aa="aadhaar")
t("aadhar no {aa}", aa="aadhaar")
t("they asked for aadhaar card number {aa} on call", aa="aadhaar")

t("he knows my IP {ip} and says he will find me", ip="ip")
t("my router ip is {ip} is that how he tracks me", ip="ip")
t("log showed a login from {ip} at 3am that wasnt me", ip="ip")

# mixed messages (several kinds)
t("im {n}, born {d}. my number {p} and i live at {ad}. please help", n="name", d="dob", p="phone", ad="address")
t("{g} here. email {e} or call {p}", g="name", e="email", p="phone")
t("my husband {g} changed the password on {e} and took my card {c}", g="name", e="email", c="card")
t("my daughter {g} was born on {d}, she's the one struggling", g="name", d="dob")
t("hola soy {g}, mi número es {p}", g="name", p="phone")
t("name: {n}\ndob: {d}\nnhs: {nh}", n="name", d="dob", nh="nhs")
t("she posted my address {ad} on her insta {h}", ad="address", h="handle")
t("text {g} on {p}, she is my sister", g="name", p="phone")

# ambiguous names with a cue
t("my name is {am} and i have been struggling", am="name")
t("tell {am} i love her", am="name")
t("my brother {am} drove off and wont answer", am="name")
t("- {am}", am="name")
t("Dr {am} is nice but rushes", am="name")

def fill(slot, kind):
    if kind == "name":
        if slot == "am":
            return R.choice(AMBIG)
        if slot == "s":
            return R.choice(SURN)
        if slot == "n":
            return lower(full())
        return lower(name())
    if kind == "email":
        return EMAILS(full())
    if kind == "phone":
        return phone()
    if kind == "address":
        a = ADDR()
        return a.lower() if R.random() < 0.2 else a
    if kind == "dob":
        return dob()
    if kind == "handle":
        return handle()
    if kind == "url":
        return url()
    if kind == "iban":
        c, n = R.choice([("DE", 22), ("GB", 22), ("FR", 27), ("ES", 24), ("IE", 22), ("NL", 18), ("IT", 27)])
        v = iban(c, n)
        return R.choice([v, group4(v), group4(v).lower()])
    if kind == "card":
        return card()
    if kind == "ssn":
        v = ssn()
        return R.choice([v, v.replace("-", " ")])
    if kind == "nhs":
        v = nhs()
        return R.choice([f"{v[:3]} {v[3:6]} {v[6:]}", v, f"{v[:3]}-{v[3:6]}-{v[6:]}"])
    if kind == "ni":
        v = ni()
        return R.choice([v, f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:8]} {v[8]}", v.lower()])
    if kind == "de_tax_id":
        v = steuer()
        return R.choice([v, f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}"])
    if kind == "aadhaar":
        v = aadhaar()
        return R.choice([f"{v[:4]} {v[4:8]} {v[8:]}", v])
    if kind == "ip":
        return R.choice([ipv4(), ipv4(), ipv6()])
    raise ValueError(kind)

out = []
n = 0
reps = {"name": 2, "email": 3, "phone": 3, "address": 4, "dob": 3, "handle": 3, "url": 3, "iban": 3, "card": 3,
        "ssn": 3, "nhs": 3, "ni": 3, "de_tax_id": 3, "aadhaar": 3, "ip": 3}
for tmpl, kinds in T:
    k0 = list(kinds.values())[0]
    times = 2 if len(kinds) > 1 else reps[k0]
    for _ in range(times):
        vals = {}
        pii = []
        for slot, kind in kinds.items():
            v = fill(slot, kind)
            vals[slot] = v
            pii.append({"kind": kind, "text": v})
        text = tmpl.format(**vals)
        n += 1
        out.append({"id": f"d-{n:04d}", "locale": "en", "text": text, "pii": pii})

# ---------- negatives (hand-written): clinical and ordinary text that must come through unchanged ----------
NEG = """i took 2 x 50mg sertraline this morning by mistake, will i be ok
bp was 140/90 at the gp and 150/95 at home
my blood pressure is 135/85, is that high for someone who is 34
im 27 and ive felt like this since i was 15
I'm Type 2 diabetic and i keep forgetting my metformin 500mg twice a day
appointment is on 14/03/2026 at 9:30 and im dreading it
the crisis line 988 didnt pick up for 20 mins
i texted SHOUT to 85258 last night and it helped a bit
samaritans 116 123 said i can call anytime
text HOME to 741741 they told me
called 111 and they said go to a&e
my name is mud at work after what happened
Dr. Google says i have everything lol
dr google told me it was cancer, now i cant sleep
i hope it gets better, i will try
may be i'm overthinking it
i will mark the date in my calendar
frank conversation with my boss today, it went badly
the rose bush my mum planted died and i cried for an hour
june was the worst month of my life
the bill came and i cant pay it
i have grace period till friday for rent
we went to the park and it was ok for once
it's 3am and i'm still awake
i slept 4 hours last night, 3 the night before
i'm on day 12 without self harm
i've lost 6kg in 2 months without trying
i earn 1,200 a month and rent is 950
updated to ios 17.4.1 and the app crashes
version 2.3.10 of the app deleted my journal
the dose went from 10mg to 20mg on monday
take 1-2 tablets every 4-6 hours, max 8 in 24 hours
i'm 5'4 and 48kg, is that too low
my therapist said to try the 5-4-3-2-1 grounding thing
i scored 21 on the phq-9 and 17 on the gad-7
it started in 2019 when i lost my job
we've been married 12 years
i'm in year 11 and exams start 12 may
the bus at 7:45 is always full and i panic
room 12 on ward 4, visiting is 2-4pm
i drink about 30 units a week, maybe more
she is 6 months old and cries all night
i have been clean for 90 days today
the waiting list is 18 weeks
my heart rate was 120 bpm at rest
temp 38.5 and shaking
i took 16 paracetamol, what happens now
ref 2024/77813 from the council about housing
my claim reference is 4471 2290 18 and nobody replies
order #118204 never came and i cant deal with it
i work 9-5 monday to friday and then care for my dad
it's like my will to live is gone
i'm will-less, no energy
i just want some hope
there's no hope left
i'm sorry, i'm so tired of everything
i'm fine. really. just tired
this is hard to write
its not fair
bank holiday monday is the worst
christmas is coming and i dread it
oh my god i cant breathe
jesus christ what a week
i was born again christian and now i doubt everything
my birthday is next week and nobody remembers
my birthday party got cancelled
he was born with a heart problem
i feel like i was born in the wrong body
the baby is due in march
we moved here in 2021
i used to live in leeds but moved away
my school is on the main road near the station
i walk 3 miles a day to clear my head
i ate 2 slices of toast all day
my sats were 94% on the oxygen thing
i had 3 glasses of wine and 2 beers
it costs £45 per session and i cant afford it
the gp surgery on high street closed
the hospital in the city centre is 40 mins away
call 999 if you're in danger, they said
i phoned 112 from spain and they didnt understand
childline 0800 1111 helped when i was younger
mind infoline is 0300 123 3393 apparently
the nhs 111 website told me to rest
i'm 16 and my mum is 52
he's 45 and i'm 23, is that weird
we have 2 kids aged 4 and 7
i'm on 150mg venlafaxine and 15mg mirtazapine
i had my second dose of the vaccine on 3 june
my exam is at 14:00 on the 22nd
my shift ends at 22:30
5 out of 10 today
rate my mood 3/10
i scored 3/10 on the quiz lol
my credit score dropped to 540
i owe 3,400 on my overdraft
my weight went from 70 to 82 kg
the meds cost 9.90 a month
i have 2 weeks left on my contract
my grandad passed away at 89
march was hard, april was worse
i read the bible every night to cope
my faith is the only thing keeping me going
summer holidays are the worst for me
i'm afraid of the dark since the accident
life feels grey
we went to paris last summer and it was the last good time
i want to move to sydney
victoria station was so crowded i had a panic attack
i listen to taylor swift all night
my favourite show is friends, i rewatch it when sad
i'm reading a book about grief
i keep googling my symptoms
alexa played a sad song and i broke down
i asked chatgpt and it said to talk to someone
he said i'm a drama queen
my boss said i'm lazy
i'm a nurse and i'm burning out
i'm a single mum of three
i've been in bed since friday
my pet cat died on sunday
we lost the baby at 12 weeks
the court date is 17 april
i got 3 points on my licence
my house is a mess, dishes everywhere
the flat upstairs is so noisy
the rent went up by 10%
its 2am and i cant stop crying
i've had 2 panic attacks today
my psychiatrist appointment got moved to 10am
the test came back at 4.2 mmol/l
iron was low, 8 ng/ml
i take 75mcg levothyroxine
my son has adhd and ocd
i was diagnosed with bpd in 2018
cbt didnt work for me
i tried 3 different ssris
i've been off work since 1st november
the sick note runs until 30/11
i'm going to the library at 3
the weather is awful, 4 degrees and rain
wifi password is on the router, doesnt matter
my phone is at 2% battery
i'm writing this at 4:17 in the morning
tomorrow at 10 i have my assessment
the ward number is 7b
flight BA 2490 got cancelled and i'm stuck
i'm in seat 14c on the train
the meeting is in room 3.14
i got 58% on my essay and feel stupid
my brother is 6ft 2 and he scares me
in 2 years i'll be 30 and i've done nothing
i've been waiting 6 months for a referral
i'm ok-ish today
will it ever stop
hope you're well
may i ask something
mark my words it won't get better
can i bill my insurance for therapy
is it normal to feel numb
je suis fatiguée de tout
estoy muy cansada y no sé qué hacer
ich bin so müde und traurig
mujhe bahut dar lag raha hai
no puedo dormir desde hace 3 días
j'ai pris 2 comprimés de trop
das termin ist am 3. märz um 10 uhr
ip address changed after i reset the router
my passcode is easy to guess i think
1.1.1.1 is the dns thing my brother set up
python 3.11 broke my uni project and i cried
i get paid on the 28th
top of the morning, hope is a thing with feathers
my pin is blocked
the lottery numbers were 4 11 23 38 41 and i didnt win
my step count was 12,408 yesterday
i drove 120 miles to see her
the cost was 1,299.99 for the laptop
my gpa is 3.2
i have 4 exams in 2 weeks
my old school closed in 2015
he said happy birthday and nothing else
the 15th was our anniversary
i was at a&e from 11pm to 6am
dad had a stroke at 61
i'm 34 weeks pregnant and scared""".strip().split("\n")
for line in NEG:
    n += 1
    out.append({"id": f"d-{n:04d}", "locale": "en", "text": line, "pii": []})

# ---------- hand-written messages, no template: (text, [(kind, substring), ...]) ----------
HAND = [
    ("sorry for bothering u again. its me Ifeoma, we spoke tuesday night", [("name", "Ifeoma")]),
    ("my husband darren has the car keys and wont let me leave", [("name", "darren")]),
    ("Rhiannon is the only one who checks on me now", [("name", "Rhiannon")]),
    ("i keep writing letters to grandad Eamon even tho he's gone", [("name", "Eamon")]),
    ("my little brother jayden (he's 9) saw everything", [("name", "jayden")]),
    ("the consultant, dr. okonjo, said the scan was clear but i dont believe him", [("name", "okonjo")]),
    ("Mrs Bhattacharya next door called the police on us", [("name", "Bhattacharya")]),
    ("my step dad Gary Pritchard hits my mum when hes drunk", [("name", "Gary Pritchard")]),
    ("xx Bethan", [("name", "Bethan")]),
    ("thank u so much\nFrom Keisha", [("name", "Keisha")]),
    ("can u tell my girlfriend Anaïs im ok, she's french and worried", [("name", "Anaïs")]),
    ("my gf is called Ngozi and she doesnt know about the debt", [("name", "Ngozi")]),
    ("i go by Sam but my legal name is Samira Haddad", [("name", "Sam"), ("name", "Samira Haddad")]),
    ("Hi, this is Florin Popescu, i wrote before about my visa", [("name", "Florin Popescu")]),
    ("my friend said to contact you, her name is Chiara Esposito", [("name", "Chiara Esposito")]),
    ("my son Oisín won't eat and the GP says wait", [("name", "Oisín")]),
    ("i miss Tomás so much, it's been a year", [("name", "Tomás")]),
    ("Bartholomew from church keeps texting at night", [("name", "Bartholomew")]),
    ("mi hermana Lucía dice que exagero but i cant breathe", [("name", "Lucía")]),
    ("mein Freund Jonas hat mich verlassen and i dont know what to do", [("name", "Jonas")]),
    ("my daughter's teacher, Ms Adebayo-Clarke, noticed the cuts", [("name", "Adebayo-Clarke")]),
    ("I'm Hope, 17, and I'm scared to go home", [("name", "Hope")]),
    ("Will and I argued again, he threw my phone", [("name", "Will")]),
    ("my ex Mark Donnelly posted my pics", [("name", "Mark Donnelly")]),
    ("ask for Rose on the ward, she's my nurse", [("name", "Rose")]),
    ("my mum June is 80 and i'm her only carer", [("name", "June")]),
    ("love you mum. - Frank", [("name", "Frank")]),
    ("ring me pls 07911 123456 before 9", [("phone", "07911 123456")]),
    ("my number changed, its now 0161-496-0734", [("phone", "0161-496-0734")]),
    ("u can whatsapp me +447700900461", [("phone", "+447700900461")]),
    ("call my mum on 0044 20 7946 0321 she's in london", [("phone", "0044 20 7946 0321")]),
    ("cell is 617.555.0199 leave a msg", [("phone", "617.555.0199")]),
    ("tel. 089 12345678 (mobil 0176 23456789)", [("phone", "089 12345678"), ("phone", "0176 23456789")]),
    ("mon numéro c'est le 07 81 23 45 67", [("phone", "07 81 23 45 67")]),
    ("llámame al 612 34 56 78 porfa", [("phone", "612 34 56 78")]),
    ("my mobile 0412 555 019, i'm in melbourne", [("phone", "0412 555 019")]),
    ("office line 020 3946 0000 ext 214 ask for me", [("phone", "020 3946 0000 ext 214")]),
    ("email me: ricky.mcgee1988@gmail.com", [("email", "ricky.mcgee1988@gmail.com")]),
    ("my work one is s.okoro@nhs.net dont use it", [("email", "s.okoro@nhs.net")]),
    ("write to tamsin underscore h at hotmail dot co dot uk", [("email", "tamsin underscore h at hotmail dot co dot uk")]),
    ("its lola.b at gmail.com", [("email", "lola.b at gmail.com")]),
    ("contact: j.wu@uni-heidelberg.de", [("email", "j.wu@uni-heidelberg.de")]),
    ("i'm staying at 14 Brook Street, Cardiff CF11 9LB for the week", [("address", "14 Brook Street, Cardiff CF11 9LB")]),
    ("he lives at 221 baker st, london nw1 6xe, please warn her", [("address", "221 baker st, london nw1 6xe")]),
    ("our flat is 3/27 Chapel Road, Parramatta NSW 2150", [("address", "3/27 Chapel Road, Parramatta NSW 2150")]),
    ("address: 5500 Grand Ave Apt 12, Oakland, CA 94610", [("address", "5500 Grand Ave Apt 12, Oakland, CA 94610")]),
    ("wohne in der Goethestraße 7, 60313 Frankfurt", [("address", "Goethestraße 7, 60313 Frankfurt")]),
    ("c'est au 8 bis avenue de la République, 69003 Lyon", [("address", "8 bis avenue de la République, 69003 Lyon")]),
    ("estoy en la Avenida de la Constitución 21, 41001 Sevilla", [("address", "Avenida de la Constitución 21, 41001 Sevilla")]),
    ("H.No 12-5-34, Vijaynagar Colony, Hyderabad 500057", [("address", "H.No 12-5-34, Vijaynagar Colony, Hyderabad 500057")]),
    ("send the letter to 42 Fernhill Drive, Glasgow G44 5AB", [("address", "42 Fernhill Drive, Glasgow G44 5AB")]),
    ("i'm 34, dob 02.11.1991", [("dob", "02.11.1991")]),
    ("born on the 4th of july 1985 lol", [("dob", "4th of july 1985")]),
    ("my bday's 23rd jan, i'll be 40 and alone", [("dob", "23rd jan")]),
    ("birthday: 1999-08-17", [("dob", "1999-08-17")]),
    ("I was born 12 Oct 2003 so i'm 22", [("dob", "12 Oct 2003")]),
    ("geboren am 3. März 1978", [("dob", "3. März 1978")]),
    ("DOB 7/30/94", [("dob", "7/30/94")]),
    ("my ig is @lonely.moth_ and they screenshot everything", [("handle", "@lonely.moth_")]),
    ("snapchat: kaylee.r22", [("handle", "kaylee.r22")]),
    ("he messages me on discord as voidwalker#4471", [("handle", "voidwalker#4471")]),
    ("my twitter @mattyb_official got doxxed", [("handle", "@mattyb_official")]),
    ("my reddit is u/throwaway_help_me", [("handle", "u/throwaway_help_me")]),
    ("this is my account https://instagram.com/priya.draws/", [("url", "https://instagram.com/priya.draws")]),
    ("my blog http://jessicamarsh.wordpress.com has all of it", [("url", "http://jessicamarsh.wordpress.com")]),
    ("linkedin.com/in/daniel-okafor-7b2 is my profile, my boss saw the post", [("url", "linkedin.com/in/daniel-okafor-7b2")]),
    ("the fundraiser gofundme.com/f/help-amara-get-home", [("url", "gofundme.com/f/help-amara-get-home")]),
    ("my iban IE29 AIBK 9311 5212 3456 78, they want 500", [("iban", "IE29 AIBK 9311 5212 3456 78")]),
    ("IBAN FR14 2004 1010 0505 0001 3M02 606", [("iban", "FR14 2004 1010 0505 0001 3M02 606")]),
    ("es ES91 2100 0418 4502 0005 1332", [("iban", "ES91 2100 0418 4502 0005 1332")]),
    ("card 5500-0000-0000-0004, i think they cloned it", [("card", "5500-0000-0000-0004")]),
    ("amex 3714 496353 98431", [("card", "3714 496353 98431")]),
    ("my social is 078-05-1120", [("ssn", "078-05-1120")]),
    ("ssn 219 09 9999", [("ssn", "219 09 9999")]),
    ("nhs no. 485 777 3456", [("nhs", "485 777 3456")]),
    ("NI: JG 10 37 29 A", [("ni", "JG 10 37 29 A")]),
    ("my national insurance is ab123456c i think", [("ni", "ab123456c")]),
    ("IdNr 65 929 970 489", [("de_tax_id", "65 929 970 489")]),
    ("aadhaar 2345 6789 0124", [("aadhaar", "2345 6789 0124")]),
    ("i saw dr patel's name on the letter but i havent gone", [("name", "patel")]),
    ("my ip shows 192.168.1.47 on the router page, is he in my network", [("ip", "192.168.1.47")]),
    ("the login came from 2001:db8:85a3::8a2e:370:7334", [("ip", "2001:db8:85a3::8a2e:370:7334")]),
]
HAND_NEG = """i saw the doctor's name on the letter but i havent gone
tell them i said thanks
it's may already and i've done nothing
frank ocean's album got me through last year
my mum loves the rose garden at the park
the will reading is next week and i dread it
i'm not ok. i'm really not
my number of panic attacks this week: 6
call me when you can, i dont have credit
the nurse was kind, the doctor wasnt
i told my sister everything and she listened
my daughter won't talk to me
i'm staying at my mums for a bit
i live in a small town, everyone knows everyone
born and raised in glasgow, never left
my son was born at 28 weeks, he's 3 now and fine
happy birthday to me i guess
rent is 1,450/month and i earn 1,900
my bp 128/84, pulse 96
took 4 x 500mg paracetamol at 2pm
my hba1c was 58 mmol/mol
the helpline number 0800 58 58 58 was busy
i called lifeline 13 11 14 last night
988 said someone would call back
NHS 111 option 2 is for mental health apparently
ward 12, bed 4, visiting 2-4
see you at 7:30 at the station
i'm 19, in uni, failing 2 modules
my grades dropped from 70 to 45
i've been sober 400 days and i relapsed
i wrote 3,000 words of my essay then deleted it
he works at Tesco on the high street
i take Sertraline and Propranolol
I listen to Adele when i'm sad
my favourite place was Brighton beach
i moved from Manchester to Bristol in 2020
we went to Lidl and i had a panic attack in the queue
I asked Siri to call my mum
Doctor Who is the only thing i watch now
my name is nobody, really
i'm a mess. mark my words, it wont get better
grace period on my loan ends in june
i have faith it will pass
the summer was hard, autumn worse
v2.1 of the app keeps crashing
build 4471 fixed the bug
my claim no is 2024-88813-22
order 112-8837291-1234567 never arrived
flight EZY 8472 from gatwick
room 3.12 at the uni library
i scored 14 on the phq9
pin 4471 is blocked
i slept from 02:00 to 05:30
my weight is 63.5 kg
it was 38 degrees today
I'm Catholic and i feel guilty all the time
I'm Autistic and the noise is too much
this is Ridiculous, no one listens
I'm Bipolar 2 and off my meds
Lithium makes me shaky
Mirtazapine said to help with sleep but no
i told Samaritans everything last night
Venlafaxine withdrawal is hell
Zopiclone keeps me up weirdly
I'm OK. Just tired
i miss home so much
tell everyone i'm sorry
i texted Shout and they were kind
my GP said to call NHS 24
I'm Scottish and we don't talk about feelings
Monday was awful, Tuesday worse
Christmas makes it worse
I asked Alexa to play rain sounds
i love Harry Potter, it's my comfort
the Calm app helps a bit
Headspace didn't work for me
I'm Gen Z so maybe that's why lol
it's Ramadan and i'm exhausted
the Priory wants 5k a week
Costa was closed so i sat in the car
i'm at Tesco, having a panic attack
Facebook keeps showing me baby ads
I'm Vegan and my family mocks me
we moved to Leeds from Kent
i went to A&E at St Thomas' last night""".strip().split("\n")
for text, items in HAND:
    n += 1
    out.append({"id": f"d-{n:04d}", "locale": "en", "text": text, "pii": [{"kind": k, "text": v} for k, v in items]})
for line in HAND_NEG:
    n += 1
    out.append({"id": f"d-{n:04d}", "locale": "en", "text": line, "pii": []})

path = os.path.join(os.path.dirname(__file__), "..", "src", "test", "resources", "redaction-dev", "dev.jsonl")
with open(path, "w", encoding="utf-8") as fh:
    for o in out:
        assert all(p["text"] in o["text"] for p in o["pii"]), o
        fh.write(json.dumps(o, ensure_ascii=False) + "\n")
pos = sum(1 for o in out if o["pii"])
items = sum(len(o["pii"]) for o in out)
print(f"{len(out)} messages, {pos} positive ({items} items), {len(out) - pos} negative")
