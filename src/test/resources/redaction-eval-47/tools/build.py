"""Builds heldout47.jsonl: identifiers of ten countries, secrets in tool returns, and harmless messages full of ids.

Written for issue 47 by hand BEFORE any detector change for it, from the public specifications (tools/ids.py) and the
writer's sense of how people and tools write. Fixed seed: the output is the same on every run.
Usage: python3 tools/build.py > heldout47.jsonl
"""
import base64, json, random, string, sys
from ids import *

r = random.Random(4747)
A62 = string.ascii_letters + string.digits
def rnd(n, alpha=A62):
    return "".join(r.choice(alpha) for _ in range(n))
def hexs(n):
    return rnd(n, "0123456789abcdef")
def uuid():
    h = hexs(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], r.choice("89ab"), h[17:20], h[20:32])
def b64url(obj):
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

out = []
def add(locale, text, *items):
    for k, v in items:
        assert v in text, (v, text)
    out.append((locale, text, [{"kind": k, "text": v} for k, v in items]))

# ---------------------------------------------------------------- identifiers: FR
for i, fmt in enumerate(["sp", "plain", "sp", "dash", "sp", "plain", "corsica"]):
    sex, yy, mm, dept, com, order, key = nir(r, corsica=(fmt == "corsica"))
    if fmt in ("sp", "corsica"):
        v = " ".join([sex, yy, mm, dept, com, order, key])
    elif fmt == "dash":
        v = " ".join([sex, yy, mm, dept, com, order]) + " - " + key
    else:
        v = sex + yy + mm + dept + com + order + key
    t = [
        "bonjour, pour le remboursement la CPAM me demande mon numéro de sécu : %s, c'est bon ?",
        "Here is my French social security number %s for the mutuelle form",
        "user: mon n° de sécurité sociale c'est le %s, je l'ai recopié de ma carte vitale",
        "tool_result: {\"assure\": {\"nir\": \"%s\", \"regime\": \"general\"}}",
        "I moved from Lyon, my numero de securite sociale is %s if you need it for the transfer",
        "carte vitale: %s (je crois que la clé est bonne)",
        "NIR %s - merci de mettre à jour mon dossier",
    ][i]
    add("fr-FR", t % v, ("national_id", v))
# ---------------------------------------------------------------- ES
for i in range(7):
    if i in (2, 5):
        p, n, l = nie(r)
        v = [p + n + l, p + "-" + n + "-" + l][i == 5]
    else:
        n, l = dni(r)
        v = [n + l, n + "-" + l, None, n[:2] + "." + n[2:5] + "." + n[5:] + "-" + l, n + " " + l, None, n + l][i]
    t = [
        "hola, mi DNI es %s, ¿me podéis decir si ya está tramitada la beca?",
        "For the Spanish rental contract they asked for my DNI: %s",
        "soy extranjero, mi NIE es %s y no me deja pedir cita",
        "tool returned: {\"cliente\": {\"documento\": \"%s\", \"tipo\": \"DNI\"}}",
        "el casero quiere mi documento de identidad %s antes de firmar",
        "my NIE number %s expired last month, what do I do",
        "Nombre del titular y DNI %s, lo pongo aquí para la devolución",
    ][i]
    add("es-ES", t % v, ("national_id", v))
# ---------------------------------------------------------------- IE
for i in range(7):
    d, l = pps(r, second=("A" if i in (1, 4) else None))
    v = [d + l, d + l, d + " " + l, d + l, d + l, d + l, d + l][i]
    t = [
        "my PPS number is %s, can you check if my PUP payment went through",
        "Revenue want my PPSN (%s) before they'll release the refund",
        "ppsn %s - I'm applying for the medical card for the first time",
        "tool_result: {\"applicant\": {\"pps\": \"%s\", \"county\": \"Cork\"}}",
        "my personal public service number is %s i think, it's on the letter from the department",
        "Hi, sorry to bother you, I need to change my bank for the child benefit, PPS %s",
        "they said quote %s on the form, that's my PPS",
    ][i]
    add("en-IE", t % v, ("national_id", v))
# ---------------------------------------------------------------- AU
for i in range(7):
    d = tfn(r)
    v = [d[:3] + " " + d[3:6] + " " + d[6:], d, d[:3] + " " + d[3:6] + " " + d[6:], d,
         d[:3] + "-" + d[3:6] + "-" + d[6:], d[:3] + " " + d[3:6] + " " + d[6:], d][i]
    t = [
        "my TFN is %s, do I need to give it to my new employer or just the super fund",
        "tax file number %s - I lodged my return through myGov but it says pending",
        "hey, can you fill the withholding declaration with my tax file no. %s",
        "tool_result: {\"employee\": {\"tfn\": \"%s\", \"state\": \"VIC\"}}",
        "Centrelink asked for my TFN %s again, I already gave it to them",
        "just started at the cafe in Fitzroy, boss wants my tfn: %s",
        "ATO letter says my TFN ends up as %s, is that right?",
    ][i]
    add("en-AU", t % v, ("national_id", v))
for i in range(2):
    bsb = "%03d-%03d" % (r.randint(10, 999), r.randint(0, 999))
    acct = digits(r, [8, 9][i])
    t = ["pay it into my CBA account, BSB %s account %s, cheers",
         "tool_result: {\"payee\": {\"bsb\": \"%s\", \"account_number\": \"%s\"}}"][i]
    add("en-AU", t % (bsb, acct), ("account", acct))
# ---------------------------------------------------------------- UK
for i in range(5):
    p, d, s = nino(r)
    v = [p + " " + d[:2] + " " + d[2:4] + " " + d[4:] + " " + s, p + d + s, p + d + s,
         p + " " + d[:2] + " " + d[2:4] + " " + d[4:] + " " + s, p + d + s][i]
    t = [
        "my national insurance number is %s, I need it for the universal credit claim",
        "NI no: %s - please update payroll",
        "tool_result: {\"claimant\": {\"nino\": \"%s\", \"region\": \"North West\"}}",
        "HMRC letter has my NINO as %s but my payslip shows a different one",
        "can you check my state pension forecast, NI number %s",
    ][i]
    add("en-GB", t % v, ("ni", v))
for i in range(4):
    sc = "%02d-%02d-%02d" % (r.randint(10, 99), r.randint(0, 99), r.randint(0, 99))
    acct = digits(r, 8)
    sc2 = sc.replace("-", " ") if i == 2 else sc
    t = [
        "can you send the deposit back to sort code %s account number %s please",
        "my bank details are sort code %s, acc %s (Monzo)",
        "sort code %s and the account is %s, thanks so much",
        "tool_result: {\"bank\": {\"sort_code\": \"%s\", \"account_number\": \"%s\"}}",
    ][i]
    add("en-GB", t % (sc2, acct), ("account", acct))
# ---------------------------------------------------------------- US
for i in range(5):
    a, g, s = ssn(r)
    v = [a + "-" + g + "-" + s, a + g + s, a + "-" + g + "-" + s, a + " " + g + " " + s, a + "-" + g + "-" + s][i]
    t = [
        "my social is %s, can you help me freeze my credit",
        "SSN %s - the IRS form asks for it on line 1",
        "tool_result: {\"applicant\": {\"ssn\": \"%s\", \"state\": \"OH\"}}",
        "social security number %s, I think someone used it to open a card",
        "For the W-9: %s (SSN), the rest is on the attachment",
    ][i]
    add("en-US", t % v, ("ssn", v))
for i in range(4):
    rt = routing(r)
    acct = digits(r, [10, 12, 9, 11][i])
    t = [
        "for direct deposit my routing number is %s and account %s",
        "routing %s account %s - checking, not savings",
        "tool_result: {\"ach\": {\"routing_number\": \"%s\", \"account_number\": \"%s\"}}",
        "wire it to routing no. %s, acct #%s, chase",
    ][i]
    add("en-US", t % (rt, acct), ("account", acct))
# ---------------------------------------------------------------- DE
for i in range(5):
    d = steuer_id(r)
    v = [d, d[:2] + " " + d[2:5] + " " + d[5:8] + " " + d[8:], d, d, d[:2] + " " + d[2:5] + " " + d[5:8] + " " + d[8:]][i]
    t = [
        "meine Steuer-ID ist %s, brauche ich die für den neuen Arbeitgeber?",
        "Steueridentifikationsnummer: %s (steht auf dem Brief vom BZSt)",
        "tool_result: {\"mitarbeiter\": {\"steuer_id\": \"%s\", \"steuerklasse\": 1}}",
        "my German tax ID is %s, I need it for the Kindergeld application",
        "IdNr %s – bitte in die Lohnabrechnung eintragen",
    ][i]
    add("de-DE", t % v, ("de_tax_id", v))
for i in range(2):
    bban = digits(r, 8) + "%010d" % r.randint(0, 9999999999)
    v = iban(r, "DE", bban)
    v = [" ".join(v[j:j + 4] for j in range(0, len(v), 4)), v][i]
    t = ["Überweisung bitte auf IBAN %s, Verwendungszweck Miete März",
         "tool_result: {\"sepa\": {\"iban\": \"%s\", \"bic\": \"COBADEFFXXX\"}}"][i]
    add("de-DE", t % v, ("iban", v))
# ---------------------------------------------------------------- IT
for i, (sn, nm, f) in enumerate([("Rossi", "Marco", False), ("Bianchi", "Giulia", True), ("Esposito", "Luca", False),
                                   ("Romano", "Francesca", True), ("Colombo", "Andrea", False), ("Ricci", "Sara", True)]):
    v = codice_fiscale(r, sn, nm, f)
    t = [
        "ciao, il mio codice fiscale è %s, serve per la tessera sanitaria",
        "codice fiscale: %s - lo metto qui per la fattura",
        "tool_result: {\"paziente\": {\"cf\": \"%s\", \"asl\": \"Roma 1\"}}",
        "My Italian fiscal code is %s, the landlord needs it for the registration",
        "il CF è %s, ho controllato due volte",
        "per lo SPID mi chiedono il codice fiscale %s ma dice che non è valido, perché?",
    ][i]
    add("it-IT", t % v, ("national_id", v))
bban = "X" + "%05d" % r.randint(0, 99999) + "%05d" % r.randint(0, 99999) + "%012d" % r.randint(0, 999999999999)
v = iban(r, "IT", bban)
add("it-IT", "l'IBAN per il bonifico è %s, intestato a me" % v, ("iban", v))
# ---------------------------------------------------------------- NL
for i in range(5):
    d = bsn(r)
    v = [d, d[:4] + "." + d[4:6] + "." + d[6:], d, d[:4] + " " + d[4:6] + " " + d[6:], d][i]
    t = [
        "mijn BSN is %s, kunnen jullie de toeslag opnieuw berekenen?",
        "burgerservicenummer %s (staat op mijn paspoort)",
        "tool_result: {\"klant\": {\"bsn\": \"%s\", \"gemeente\": \"Utrecht\"}}",
        "my Dutch BSN is %s, the GP registration asked for it",
        "BSN: %s - graag doorgeven aan de zorgverzekeraar",
    ][i]
    add("nl-NL", t % v, ("national_id", v))
v = iban(r, "NL", "INGB" + "%010d" % r.randint(0, 9999999999))
add("nl-NL", "je kunt het terugstorten op %s t.n.v. mij" % v, ("iban", v))
# ---------------------------------------------------------------- IN
for i in range(5):
    d = aadhaar(r)
    assert verhoeff_ok(d)
    v = [d[:4] + " " + d[4:8] + " " + d[8:], d, d[:4] + "-" + d[4:8] + "-" + d[8:], d, d[:4] + " " + d[4:8] + " " + d[8:]][i]
    t = [
        "mera aadhaar number %s hai, KYC pending dikha raha hai",
        "Aadhaar: %s - please link it to my PF account",
        "tool_result: {\"kyc\": {\"aadhaar\": \"%s\", \"status\": \"pending\"}}",
        "my UID is %s, the bank says the name doesn't match",
        "sir maine apna aadhar %s diya tha, abhi tak SMS nahi aaya",
    ][i]
    add("en-IN", t % v, ("aadhaar", v))
for i in range(2):
    v = pan(r)
    t = ["my PAN is %s, can you file the ITR for me", "PAN card no. %s, TDS was deducted twice"][i]
    add("en-IN", t % v, ("national_id", v))
for i in range(2):
    ifsc = rnd(4, string.ascii_uppercase) + "0" + rnd(6, string.ascii_uppercase + string.digits)
    acct = digits(r, [11, 14][i])
    t = ["please transfer to account no %s, IFSC %s", "A/c %s IFSC %s, SBI main branch"][i]
    add("en-IN", t % (acct, ifsc), ("account", acct))

# ---------------------------------------------------------------- secrets in tool returns
def openai():
    return "sk-proj-" + rnd(20) + "_" + rnd(22) + "-" + rnd(12) + "T3BlbkFJ" + rnd(20)
def openai_old():
    return "sk-" + rnd(20) + "T3BlbkFJ" + rnd(20)
def anthropic():
    return "sk-ant-api03-" + rnd(40) + "-" + rnd(20) + "_" + rnd(31) + "AA"
def akia():
    return "AKIA" + rnd(16, string.ascii_uppercase + "234567")
def aws_secret():
    return rnd(40, A62 + "+/")
def ghp():
    return "ghp_" + rnd(36)
def gho():
    return "gho_" + rnd(36)
def ghpat():
    return "github_pat_11" + rnd(20, string.ascii_uppercase + string.digits) + "_" + rnd(59)
def jwt():
    return (b64url({"alg": "HS256", "typ": "JWT"}) + "." +
            b64url({"sub": str(r.randint(10000, 99999)), "email_verified": True, "iat": 1764650000 + r.randint(0, 99999),
                    "exp": 1764740000 + r.randint(0, 99999), "scope": "read write"}) + "." + rnd(43, A62 + "-_"))
def opaque(n=40):
    return rnd(n, A62 + "-._~")
def pem(kind="RSA PRIVATE KEY", lines=4):
    body = "\n".join(rnd(64, A62 + "+/") for _ in range(lines))
    return "-----BEGIN %s-----\n%s\n%s=\n-----END %s-----" % (kind, body, rnd(20, A62 + "+/"), kind)

S = []
k = openai(); S.append(("$ cat .env\nOPENAI_API_KEY=%s\nMODEL=gpt-4o-mini\nLOG_LEVEL=info" % k, [k]))
k = openai_old(); S.append(("tool_result: {\"config\": {\"provider\": \"openai\", \"api_key\": \"%s\", \"timeout\": 30}}" % k, [k]))
k = openai(); S.append(("Traceback (most recent call last):\n  File \"app.py\", line 12, in <module>\n    client = OpenAI(api_key=\"%s\")\nopenai.AuthenticationError: Error code: 401" % k, [k]))
k = openai(); S.append(("read_file('settings.toml') returned:\n[llm]\nkey = \"%s\"\ntemperature = 0.2" % k, [k]))
k = anthropic(); S.append(("$ env | grep -i key\nANTHROPIC_API_KEY=%s\nSSH_AUTH_SOCK=/tmp/ssh-agent.sock" % k, [k]))
k = anthropic(); S.append(("tool_result: {\"headers\": {\"x-api-key\": \"%s\", \"anthropic-version\": \"2023-06-01\"}}" % k, [k]))
k = anthropic(); S.append(("I found the key in config/dev.yaml: anthropic:\n  key: %s\n  model: claude-sonnet" % k, [k]))
k = akia(); s = aws_secret(); S.append(("$ cat ~/.aws/credentials\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (k, s), [k, s]))
k = akia(); S.append(("grep result: deploy/terraform.tfvars:4: access_key = \"%s\"" % k, [k]))
k = akia(); S.append(("The CloudTrail event shows the call was made with access key %s from an unknown IP range." % k, [k]))
k = akia(); s = aws_secret(); S.append(("tool_result: {\"AccessKey\": {\"UserName\": \"ci-bot\", \"AccessKeyId\": \"%s\", \"Status\": \"Active\", \"SecretAccessKey\": \"%s\"}}" % (k, s), [k, s]))
k = ghp(); S.append(("$ git remote -v\norigin  https://%s@github.com/acme/payments.git (fetch)" % k, [k]))
k = ghp(); S.append(("tool_result: {\"env\": {\"GITHUB_TOKEN\": \"%s\", \"CI\": \"true\"}}" % k, [k]))
k = gho(); S.append(("$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    oauth_token: %s\n    git_protocol: https" % k, [k]))
k = ghpat(); S.append(("workflow log: Run actions/checkout@v4 with token %s" % k, [k]))
k = ghpat(); S.append(("Found in .npmrc: //npm.pkg.github.com/:_authToken=%s" % k, [k]))
k = ghp(); S.append(("curl -H \"Authorization: token %s\" https://api.github.com/user returned 200" % k, [k]))
k = jwt(); S.append(("tool_result: {\"access_token\": \"%s\", \"token_type\": \"Bearer\", \"expires_in\": 3600}" % k, [k]))
k = jwt(); S.append(("> GET /api/v2/orders HTTP/1.1\n> Host: shop.internal\n> Authorization: Bearer %s\n< HTTP/1.1 200 OK" % k, [k]))
k = jwt(); S.append(("localStorage dump: {\"session\": \"%s\", \"theme\": \"dark\"}" % k, [k]))
k = jwt(); S.append(("The cookie auth=%s; Path=/; HttpOnly was set by the login endpoint." % k, [k]))
k = opaque(); S.append(("> POST /v1/messages HTTP/2\n> authorization: Bearer %s\n> content-type: application/json" % k, [k]))
k = opaque(32); S.append(("tool_result: {\"request\": {\"method\": \"GET\", \"headers\": {\"Authorization\": \"Bearer %s\"}}}" % k, [k]))
k = opaque(48); S.append(("Use this header for the staging API: Authorization: Bearer %s" % k, [k]))
k = pem(); S.append(("$ cat deploy_key\n%s" % k, [k]))
k = pem("PRIVATE KEY", 6); S.append(("tool_result: {\"tls\": {\"cert_file\": \"/etc/ssl/app.crt\", \"key\": \"%s\"}}" % k.replace("\n", "\\n"), [k.replace("\n", "\\n")]))
k = pem("OPENSSH PRIVATE KEY", 5); S.append(("read_file('/home/ci/.ssh/id_ed25519'):\n%s" % k, [k]))
k = pem("EC PRIVATE KEY", 2); S.append(("The secret 'tls-key' in namespace prod holds:\n%s\nRotate it after the incident." % k, [k]))
k = "xoxb-" + str(r.randint(10**10, 10**11)) + "-" + str(r.randint(10**12, 10**13)) + "-" + rnd(24)
S.append(("tool_result: {\"slack\": {\"bot_token\": \"%s\", \"channel\": \"#alerts\"}}" % k, [k]))
k = "sk_live_" + rnd(24); S.append(("STRIPE_SECRET_KEY=%s found in docker-compose.override.yml" % k, [k]))
k = "AIza" + rnd(35, A62 + "-_"); S.append(("maps.js line 3: const API_KEY = \"%s\";" % k, [k]))
k = "hf_" + rnd(34, string.ascii_letters); S.append(("$ huggingface-cli whoami --token %s\nuser: ml-team" % k, [k]))
k = rnd(12, A62) + "!" + rnd(6); S.append(("tool_result: {\"database\": {\"host\": \"db.internal\", \"user\": \"app\", \"password\": \"%s\"}}" % k, [k]))
k = rnd(16); S.append(("DATABASE_URL=postgres://app:%s@db.prod.internal:5432/orders" % k, [k]))
k = rnd(40, A62); S.append(("kubectl get secret api-creds -o yaml shows client_secret: %s" % k, [k]))
k = rnd(32, A62); S.append(("Webhook signing secret is %s, keep it out of the repo." % k, [k]))
k = rnd(44, A62 + "+/") + "="; S.append(("tool_result: {\"azure\": {\"storage_account\": \"acmelogs\", \"account_key\": \"%s\"}}" % k, [k]))
k = hexs(40); S.append(("SENTRY_AUTH_TOKEN=%s\nSENTRY_ORG=acme" % k, [k]))
k = rnd(48, A62); S.append(("curl -s 'https://api.example-weather.com/v1/forecast?city=Leeds&apikey=%s' returned 401" % k, [k]))
k = "glpat-" + rnd(20, A62 + "-_"); S.append(("git clone https://oauth2:%s@gitlab.com/acme/infra.git failed: repository not found" % k, [k]))
k = rnd(36, A62); S.append(("The password for the admin console is %s, it was in the README of the old repo." % k, [k]))
k = "npm_" + rnd(36); S.append(("$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken=%s" % k, [k]))
for text, ks in S:
    add("en-US", text, *[("secret", x) for x in ks])

# ---------------------------------------------------------------- harmless
N = []
def neg(t):
    N.append(t)
def sha():
    return hexs(40)
def call_id():
    return "call_" + rnd(24)
def toolu():
    return "toolu_01" + rnd(22)
neg("tool_result: {\"id\": \"%s\", \"status\": \"completed\", \"created_at\": \"2025-03-14T09:12:44Z\"}" % uuid())
neg("$ git log --oneline -3\n%s Fix rounding in invoice totals\n%s Bump pytest to 8.3\n%s Add retry to fetch" % (hexs(7), hexs(7), hexs(7)))
neg("commit %s\nDate:   Tue Mar 4 10:22:01 2025 +0000\n\n    Handle empty carts" % sha())
neg("tool_calls: [{\"id\": \"%s\", \"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": \\\"Paris\\\"}\"}}]" % call_id())
neg("{\"type\": \"tool_use\", \"id\": \"%s\", \"name\": \"search_flights\", \"input\": {\"from\": \"LHR\", \"to\": \"JFK\"}}" % toolu())
neg("{\"id\": \"chatcmpl-%s\", \"object\": \"chat.completion\", \"model\": \"gpt-4o-2024-08-06\", \"usage\": {\"total_tokens\": 812}}" % rnd(29))
neg("{\"id\": \"msg_01%s\", \"type\": \"message\", \"role\": \"assistant\", \"stop_reason\": \"tool_use\"}" % rnd(22))
neg("request-id: req_011C%s returned 529 overloaded, retrying in 2 s" % rnd(20))
neg("span trace_id=%s span_id=%s name=chat gpt-4o duration=1.82s" % (hexs(32), hexs(16)))
neg("$ docker pull ghcr.io/acme/api:1.4.2\nDigest: sha256:%s\nStatus: Downloaded newer image" % hexs(64))
neg("\"node_modules/lodash\": {\"version\": \"4.17.21\", \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\", \"integrity\": \"sha512-%s==\"}" % rnd(86, A62 + "+/"))
neg("tool_result: {\"ETag\": \"\\\"%s\\\"\", \"ContentLength\": 48213, \"LastModified\": \"2025-02-10\"}" % hexs(32))
neg("The eval log was saved as logs/2025-04-07T11-00-30-05-00_arithmetic_%s.eval" % rnd(22, "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"))
neg("tool_result: {\"charge\": {\"id\": \"ch_3%s\", \"amount\": 4599, \"currency\": \"gbp\", \"status\": \"succeeded\"}}" % rnd(23))
neg("tool_result: {\"customer\": \"cus_%s\", \"subscription\": \"sub_1%s\", \"plan\": \"pro-monthly\"}" % (rnd(14), rnd(23)))
neg("payment_intent pi_3%s requires_action (3-D Secure), amount 120.00 EUR" % rnd(23))
neg("$ sha256sum release.tar.gz\n%s  release.tar.gz" % hexs(64))
neg("md5 of the upload: %s, matches the manifest" % hexs(32))
neg("tool_result: {\"run_id\": \"run_%s\", \"thread_id\": \"thread_%s\", \"status\": \"queued\"}" % (rnd(24), rnd(24)))
neg("Open the sheet at https://docs.google.com/spreadsheets/d/1%s/edit#gid=0 and check row 14" % rnd(43, A62 + "-_"))
neg("video id dQw%s, 3:32 long, 1.4M views" % rnd(8, A62))
neg("Build #4821 succeeded in 6m 12s (cache key node-20-%s)" % hexs(16))
neg("tool_result: {\"object_key\": \"uploads/2025/03/%s.pdf\", \"size\": 210433}" % uuid())
neg("The job %s finished with exit code 0 after 14 minutes." % uuid())
neg("Pull request #1287 merged by the release bot; merge commit %s." % sha())
neg("Pinned the action to actions/checkout@%s for supply-chain safety." % sha())
neg("langfuse trace %s has 14 observations, total cost $0.0231" % uuid())
neg("tool_result: {\"batch\": {\"id\": \"batch_%s\", \"request_counts\": {\"total\": 100, \"completed\": 97, \"failed\": 3}}}" % rnd(24))
neg("tool_result: {\"file\": {\"id\": \"file-%s\", \"purpose\": \"assistants\", \"bytes\": 182044}}" % rnd(22))
neg("{\"traceId\": \"%s\", \"spanId\": \"%s\", \"parentSpanId\": \"%s\", \"kind\": 3}" % (hexs(32), hexs(16), hexs(16)))
neg("conda env hash %s, python 3.11.9, numpy 1.26.4" % hexs(12))
neg("tool_result: {\"tracking_number\": \"1Z%s\", \"carrier\": \"UPS\", \"eta\": \"2025-03-18\"}" % rnd(16, string.ascii_uppercase + string.digits))
neg("Your order 112-%07d-%07d has shipped and arrives Thursday." % (r.randint(0, 9999999), r.randint(0, 9999999)))
neg("ISBN 978-0-14-303943-3, paperback, 352 pages, in stock")
neg("CVE-2024-3094 affects xz 5.6.0 and 5.6.1; upgrade to 5.6.2 or later")
neg("tool_result: {\"session_id\": \"%s\", \"turns\": 12, \"model\": \"claude-3-5-sonnet-20241022\"}" % uuid())
neg("The wheel was cached at /tmp/pip-ephem-wheel-cache-%s/wheels/%s" % (rnd(8, string.ascii_lowercase + string.digits), hexs(40)))
neg("terraform state lists aws_s3_bucket.logs (id acme-logs-%s) and 14 other resources" % hexs(8))
neg("kubectl get pods: api-7d9f8c6b5-x2kqp Running, worker-5c4b9d7f8-9zmtl Running, 0 restarts")
neg("Image built: sha256:%s (312 MB), tagged acme/web:2025.03.14" % hexs(64))
neg("tool_result: {\"idempotency_key\": \"%s\", \"status\": \"accepted\"}" % uuid())
neg("Gist %s updated 3 files" % hexs(32))
neg("tool_result: {\"nonce\": \"%s\", \"alg\": \"RS256\", \"kid\": \"%s\"}" % (hexs(16), rnd(8, A62)))
neg("The public key fingerprint is SHA256:%s (ED25519)" % rnd(43, A62 + "+/"))
neg("tool_result: {\"confirmation_code\": \"%s\", \"flight\": \"BA117\", \"seat\": \"23C\"}" % rnd(6, string.ascii_uppercase + string.digits))
neg("workflow run 8123456789 attempt 2 on commit %s: 412 passed, 3 skipped" % hexs(7))
neg("The wandb run is acme/llm-evals/runs/%s, loss 0.412 at step 12,000" % rnd(8, string.ascii_lowercase + string.digits))
neg("tool_result: {\"x-request-id\": \"%s\", \"x-ratelimit-remaining\": \"4999\"}" % uuid())
neg("migration 20250314_091244_add_index_on_orders applied in 2.3 s")
neg("tool_result: {\"voucher\": \"SPRING25\", \"discount\": \"25%\", \"valid_until\": \"2025-04-30\"}")
neg("$ npm ci\nadded 1,284 packages, and audited 1,285 packages in 41s\nfound 0 vulnerabilities")
neg("Cache hit for key Linux-gradle-%s, restored 412 MB" % hexs(64))
neg("tool_result: {\"blob_sha\": \"%s\", \"path\": \"src/main/java/App.java\", \"mode\": \"100644\"}" % sha())
neg("{\"event\": \"deploy\", \"version\": \"v2.18.0\", \"sha\": \"%s\", \"env\": \"staging\"}" % sha())
neg("jaeger trace %s shows 42 spans across 5 services" % hexs(16))
neg("HAR entry: GET /static/app.%s.js 200 (from disk cache), 182 kB" % hexs(20))
neg("webpack built main.%s.css and vendor.%s.js in 8.4s" % (hexs(8), hexs(8)))
neg("tool_result: {\"version_id\": \"%s\", \"is_latest\": true}" % rnd(32, A62 + "._"))
neg("tool_result: {\"content_hash\": \"%s\", \"tokens\": 1834}" % hexs(64))
neg("tool_result: {\"uuid\": \"%s\", \"name\": \"quarterly-report.xlsx\"}" % uuid().upper())
neg("Inspect sample id %s scored C (correct) with 2 tool calls" % rnd(22, "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"))
neg("Stored as blob %s in the content-addressed cache." % rnd(52, "abcdefghijklmnopqrstuvwxyz234567"))
neg("tool_result: {\"ulid\": \"01J%s\", \"kind\": \"note\"}" % rnd(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"))
neg("IPFS CID bafybei%s pinned on 3 nodes" % rnd(52, "abcdefghijklmnopqrstuvwxyz234567"))
neg("The token count for this prompt is 3,412 and the limit is 128,000.")
neg("Please rotate the API key every 90 days; the last rotation was on 2025-01-02.")
neg("Set OPENAI_API_KEY in your shell before running the script; never commit it.")
neg("tool_result: {\"api_key\": \"***\", \"note\": \"redacted by the server\"}")
neg("tool_result: {\"password\": null, \"password_set\": true, \"mfa\": \"totp\"}")
neg("The Authorization header must be 'Bearer <token>'; we got 'Basic' instead.")
neg("export ANTHROPIC_API_KEY=$(op read op://dev/anthropic/credential)")
neg("api_key = os.environ[\"OPENAI_API_KEY\"]  # read from the environment, not hard-coded")
neg("-----BEGIN CERTIFICATE----- blocks are public; only the private key must stay secret.")
neg("the secret to a good sourdough is a 72 hour cold ferment, honestly")
neg("tool_result: {\"error\": {\"type\": \"invalid_request_error\", \"message\": \"Incorrect API key provided: sk-proj-****...abcd\"}}")
neg("GitHub token scopes needed: repo, workflow, read:org. Create one under Settings > Developer settings.")
neg("The JWT header says alg=none, which the library rejects; see RFC 7519 section 6.")
neg("AWS key ids start with AKIA for long-term keys and ASIA for temporary ones.")
neg("Password must be at least 12 characters with one number.")
# dates, amounts, holidays, numbers that are not ids
neg("Valentine's Day falls on a Friday this year, so the restaurant is fully booked")
neg("we're off to Dublin for St Patrick's Day, first time seeing the parade")
neg("The office is closed on Martin Luther King Day, Monday January 20.")
neg("Guy Fawkes Night was so loud the dog hid under the bed all evening")
neg("Boxing Day sales start at 6am, I'm not going anywhere near the shops")
neg("St. Patrick's Day 2025 is a Monday, the bank holiday is the same day")
neg("I always feel low around Valentine's, everyone posting couples stuff")
neg("Happy St David's Day! daffodils all over the school today")
neg("Burns Night supper was lovely, haggis and all, 25 January as always")
neg("Is Martin Luther King Jr. Day a federal holiday for postal deliveries?")
neg("we had a bonfire for Guy Fawkes, the kids loved the sparklers")
neg("Mother's Day is 30 March in the UK but May in the US, confusing")
neg("Father's Day card arrived late again, postal strike")
neg("Presidents' Day weekend sale: 20% off mattresses")
neg("Thanksgiving dinner for 12 people, turkey is 9 kg")
neg("Juneteenth is a federal holiday since 2021")
neg("Anzac Day dawn service starts at 5:30, dress warm")
neg("Australia Day fireworks got cancelled because of the wind")
neg("Diwali lights are up on the whole street, so pretty")
neg("Good Friday and Easter Monday are both bank holidays here")
neg("St Stephen's Day in Ireland is the same as Boxing Day in England")
neg("Bastille Day parade on the Champs-Élysées at 10h")
neg("Reformationstag ist in Sachsen ein Feiertag, in Bayern nicht")
neg("Koningsdag is op 27 april, alles is oranje")
neg("Ferragosto, tutti al mare, la città è vuota")
neg("el Día de Reyes los niños abren los regalos")
neg("la Saint-Valentin tombe un vendredi cette année")
neg("Republic Day parade on 26 January, holiday for schools")
neg("Gandhi Jayanti is on 2 October, banks closed")
neg("Hogmanay plans: fireworks in Edinburgh then home by 1")
neg("Pancake Day is Shrove Tuesday, the day before Ash Wednesday")
neg("Columbus Day is now Indigenous Peoples' Day in many states")
neg("Veterans Day, November 11, the parade passes our street")
neg("St George's Day, 23 April, not a bank holiday in England sadly")
neg("Labor Day weekend traffic on I-95 is awful")
neg("Halloween costumes sold out at the supermarket by the 28th")
neg("Remembrance Day two minutes' silence at 11am")
neg("Whit Monday is Pfingstmontag in Germany, shops are shut")
neg("St Andrew's Day is a bank holiday in Scotland only")
neg("Christmas Eve shift then off until New Year's Day, finally")
# amounts, dates, plain numbers
neg("tool_result: {\"balance\": 12450.75, \"currency\": \"EUR\", \"as_of\": \"2025-03-14\"}")
neg("The invoice total is £1,284.50 including VAT at 20%.")
neg("tool_result: {\"market_cap\": 3450000000000, \"pe_ratio\": 31.2, \"price\": 227.48}")
neg("Population of the district: 1,234,567 (2021 census)")
neg("tool_result: {\"order_id\": 100234587, \"items\": 3, \"total\": 89.97}")
neg("The meeting moved to 14 March 2025 at 15:30 CET.")
neg("tool_result: {\"timestamp\": 1741945964123, \"latency_ms\": 412}")
neg("Flight BA117 departs 08:25 from Terminal 5, gate B36.")
neg("tool_result: {\"zip\": \"not provided\", \"temperature_c\": 14.2, \"humidity\": 81}")
neg("The mortgage is 250,000 over 25 years at 4.35% fixed for 5 years.")
neg("tool_result: {\"page\": 3, \"per_page\": 50, \"total\": 1284, \"next_cursor\": \"eyJwYWdlIjo0fQ\"}")
neg("Build 20250314.7 deployed to 3 regions (eu-west-1, us-east-1, ap-south-1)")
neg("tool_result: {\"lat\": 51.5072, \"lon\": -0.1276, \"accuracy_m\": 35}")
neg("Total refunds in Q1: 4,812 orders, 312,440.18 USD")
neg("tool_result: {\"case_number\": \"2025-CV-004812\", \"court\": \"N.D. Cal.\", \"filed\": \"2025-02-03\"}")
neg("tool_result: {\"ticker\": \"AAPL\", \"eps\": 6.42, \"shares_outstanding\": 15204137000}")
neg("The patch moved the version from 1.2.3 to 1.2.4 and build 4.0.0.1187")
neg("tool_result: {\"heart_rate\": 72, \"bp\": \"120/80\", \"spo2\": 98, \"recorded\": \"2025-03-14T07:00:00Z\"}")
neg("The contract runs from 01/04/2025 to 31/03/2026 with a 3-month notice period.")
neg("Error 0x80070005 (access denied) when writing to C:\\Program Files\\App\\config.ini")
neg("tool_result: {\"sku\": \"SKU-48213-BLK-M\", \"stock\": 14, \"warehouse\": \"MAN2\"}")
neg("The parcel weighs 2.4 kg and measures 40 x 30 x 15 cm.")
neg("tool_result: {\"gtin\": \"5012345678900\", \"brand\": \"generic\", \"price\": 3.49}")
neg("Rate limit: 10,000 requests per minute, 2,000,000 tokens per minute.")
neg("tool_result: {\"policy_number\": \"HOME-2025-118274\", \"renewal\": \"2025-09-01\"}")
neg("Room 4.12 is booked from 09:00 to 11:00 on Tuesday 18 March")
neg("tool_result: {\"exit_code\": 137, \"oom_killed\": true, \"memory_limit\": \"512Mi\"}")
neg("Average response time fell from 812 ms to 344 ms after the cache change.")
neg("tool_result: {\"zone\": \"eu-west-2b\", \"instance_type\": \"m6i.xlarge\", \"ami\": \"ami-0c55b159cbfafe1f0\"}")
neg("tool_result: {\"vpc\": \"vpc-0a1b2c3d4e5f67890\", \"subnet\": \"subnet-0123456789abcdef0\"}")
neg("arn:aws:iam::123456789012:role/ci-deploy assumed for 3600 seconds")
neg("tool_result: {\"account_id\": \"123456789012\", \"region\": \"eu-central-1\", \"service\": \"lambda\"}")
neg("The dataset has 12,000 rows; 1,812 are duplicates by the hash column.")
neg("tool_result: {\"doi\": \"10.1038/s41586-024-07487-w\", \"year\": 2024, \"citations\": 312}")
neg("PMID 38912345 reports a hazard ratio of 0.82 (95% CI 0.71-0.94).")
neg("tool_result: {\"icd10\": \"E11.9\", \"loinc\": \"4548-4\", \"value\": 7.2, \"unit\": \"%\"}")
neg("The lease reference is LR-2025-0412 and the deposit is 1,450 GBP.")
neg("tool_result: {\"listing_id\": 48213377, \"beds\": 3, \"baths\": 2, \"sqft\": 1640, \"price\": 525000}")
neg("tool_result: {\"apr\": 6.875, \"term_months\": 360, \"ltv\": 0.8}")
neg("Sprint 42 closes on Friday; 18 of 23 stories are done.")
neg("tool_result: {\"mac\": \"not collected\", \"os\": \"macOS 14.4\", \"build\": \"23E214\"}")
neg("The regex ^[A-Za-z0-9+/]{40}$ matches 40-character base64 strings.")
neg("tool_result: {\"color\": \"#1a2b3c\", \"font\": \"Inter\", \"size\": 14}")
neg("Model gpt-4o-mini-2024-07-18 answered in 1.2 s with 412 output tokens.")
neg("tool_result: {\"model\": \"claude-3-5-haiku-20241022\", \"stop_reason\": \"end_turn\"}")
neg("The benchmark ran 1,000 tasks across 5 domains, 150 tool-required and 50 controls each.")
neg("tool_result: {\"serial\": \"C02XK1ZNJG5H\", \"warranty\": \"expired\"}")
neg("Patch Tuesday: 61 fixes, 2 zero-days, KB5035845 for Windows 11")
neg("tool_result: {\"commit\": \"%s\", \"tree\": \"%s\", \"parents\": [\"%s\"]}" % (sha(), sha(), sha()))
neg("tool_result: {\"cursor\": \"%s\", \"has_more\": true}" % rnd(24, A62))
neg("Checksum mismatch: expected %s, got %s" % (hexs(40), hexs(40)))
neg("tool_result: {\"key\": \"reports/2025/q1/summary.csv\", \"bucket\": \"acme-analytics\"}")
neg("gpg: Signature made Fri 14 Mar 2025 using RSA key %s" % hexs(40).upper())
neg("tool_result: {\"trace\": {\"id\": \"%s\", \"name\": \"agent-run\", \"tags\": [\"eval\", \"v5\"]}}" % uuid())
neg("The replay of conversation %s shows the tool was called twice." % uuid())
neg("tool_result: {\"call_id\": \"%s\", \"output\": \"42\"}" % call_id())
neg("tool_result: {\"tool_use_id\": \"%s\", \"content\": \"File written\", \"is_error\": false}" % toolu())
neg("swe-agent step 14: edit src/marshmallow/fields.py lines 1474-1476, then run reproduce.py")
neg("assistant called get_stock_price(ticker=\"NVDA\") with id %s and got 903.56" % call_id())
neg("tool_result: {\"hash\": \"$2b$12$%s\", \"algo\": \"bcrypt\"}" % rnd(53, A62 + "./"))
neg("Alembic revision %s -> %s, add orders.index" % (hexs(12), hexs(12)))
neg("Merged %s into main; CI green on 3 of 3 runners." % hexs(10))
neg("Base image python:3.12-slim@sha256:%s" % hexs(64))
neg("tool_result: {\"status\": 200, \"body\": {\"ok\": true, \"ts\": \"1741945964.123456\"}}")
neg("The certificate expires on 2025-06-30; serial %s" % ":".join(hexs(2) for _ in range(16)).upper())
neg("tool_result: {\"claim_id\": \"CLM-2025-004812\", \"status\": \"under review\", \"amount\": 1850}")
neg("tool_result: {\"appointment\": \"2025-03-18T10:30\", \"clinic\": \"Outpatients B\", \"ref\": \"APT-77812\"}")
neg("Quarterly revenue rose 12% to 4.2 billion, beating the consensus of 4.05 billion.")
neg("tool_result: {\"feature_flag\": \"new-checkout-v2\", \"rollout\": 0.25}")
neg("The puzzle answer was 3,141,592 and the checksum 2718.")

# ---------------------------------------------------------------- write
for t in N:
    out.append(("en-US", t, []))
rr = random.Random(47)
rr.shuffle(out)
ids = set()
for i, (loc, text, pii) in enumerate(out, 1):
    print(json.dumps({"id": "s47-%04d" % i, "locale": loc, "text": text, "pii": pii}, ensure_ascii=False))
print("%d messages, %d harmless, %d secret-bearing" % (len(out), len(N), len(S)), file=sys.stderr)
