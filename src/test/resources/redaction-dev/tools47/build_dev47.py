"""Builds dev47.jsonl, the development set issue 47's rules were tuned on (the held-out set is redaction-eval-47).
Different wording and seed from the held-out set. Usage: python3 tools47/build_dev47.py > dev47.jsonl"""
import base64, json, random, string
from ids import *

r = random.Random(9001)
A62 = string.ascii_letters + string.digits
def rnd(n, a=A62): return "".join(r.choice(a) for _ in range(n))
def hexs(n): return rnd(n, "0123456789abcdef")
def uuid():
    h = hexs(32); return "%s-%s-4%s-a%s-%s" % (h[:8], h[8:12], h[13:16], h[17:20], h[20:32])
out = []
def add(loc, text, *items):
    for k, v in items: assert v in text, (v, text)
    out.append((loc, text, [{"kind": k, "text": v} for k, v in items]))
def neg(t): out.append(("en-GB", t, []))

s, yy, mm, d, c, o, k = nir(r); v = " ".join([s, yy, mm, d, c, o, k]); add("fr-FR", "numéro de sécu %s svp" % v, ("national_id", v))
s, yy, mm, d, c, o, k = nir(r); v = s + yy + mm + d + c + o + k; add("fr-FR", "{\"nir\": \"%s\"}" % v, ("national_id", v))
s, yy, mm, d, c, o, k = nir(r); v = s + " " + yy + " " + mm + " " + d + " " + c + " " + o + " " + k; add("en-GB", "The French insurance number on the form: %s." % v, ("national_id", v))
n, l = dni(r); add("es-ES", "DNI: %s%s" % (n, l), ("national_id", n + l))
n, l = dni(r); add("es-ES", "te paso mi dni %s-%s para la reserva" % (n, l), ("national_id", n + "-" + l))
p, n, l = nie(r); add("es-ES", "NIE %s%s%s" % (p, n, l), ("national_id", p + n + l))
n, l = dni(r); add("es-ES", "{\"nif\": \"%s%s\", \"nombre\": \"cliente\"}" % (n, l), ("national_id", n + l))
dd, l = pps(r); add("en-IE", "PPS no. %s%s" % (dd, l), ("national_id", dd + l))
dd, l = pps(r, "A"); add("en-IE", "{\"ppsn\": \"%s%s\"}" % (dd, l), ("national_id", dd + l))
dd, l = pps(r); add("en-IE", "my pps is %s %s thanks" % (dd, l), ("national_id", dd + " " + l))
t = tfn(r); add("en-AU", "TFN: %s %s %s" % (t[:3], t[3:6], t[6:]), ("national_id", "%s %s %s" % (t[:3], t[3:6], t[6:])))
t = tfn(r); add("en-AU", "my tax file number is %s" % t, ("national_id", t))
t = tfn(r); add("en-AU", "{\"tax_file_number\": \"%s\"}" % t, ("national_id", t))
p, dd, sx = nino(r); add("en-GB", "NINO %s%s%s" % (p, dd, sx), ("ni", p + dd + sx))
sc = "%02d-%02d-%02d" % (r.randint(10, 99), r.randint(0, 99), r.randint(0, 99)); a = digits(r, 8)
add("en-GB", "sort code: %s, account no: %s" % (sc, a), ("account", a))
sc = "%02d%02d%02d" % (r.randint(10, 99), r.randint(0, 99), r.randint(0, 99)); a = digits(r, 8)
add("en-GB", "Sort code %s Account %s Name on account: me" % (sc, a), ("account", a))
rt = routing(r); a = digits(r, 10); add("en-US", "Routing: %s / Account: %s" % (rt, a), ("account", a))
rt = routing(r); a = digits(r, 12); add("en-US", "ABA %s acct %s" % (rt, a), ("account", a))
a, g, sr = ssn(r); add("en-US", "ssn: %s%s%s" % (a, g, sr), ("ssn", a + g + sr))
x = steuer_id(r); add("de-DE", "Steuer-Identifikationsnummer %s" % x, ("de_tax_id", x))
for sn, nm, f in [("Greco", "Paolo", False), ("Conti", "Elena", True), ("Gallo", "Matteo", False)]:
    cf = codice_fiscale(r, sn, nm, f); add("it-IT", "CF %s" % cf, ("national_id", cf))
cf = codice_fiscale(r, "Marino", "Chiara", True); add("it-IT", "{\"codice_fiscale\": \"%s\"}" % cf, ("national_id", cf))
b = bsn(r); add("nl-NL", "BSN %s" % b, ("national_id", b))
b = bsn(r); add("nl-NL", "mijn burgerservicenummer is %s.%s.%s" % (b[:4], b[4:6], b[6:]), ("national_id", "%s.%s.%s" % (b[:4], b[4:6], b[6:])))
b = bsn(r); add("nl-NL", "{\"bsn\": \"%s\"}" % b, ("national_id", b))
x = aadhaar(r); add("en-IN", "aadhaar card %s %s %s" % (x[:4], x[4:8], x[8:]), ("aadhaar", "%s %s %s" % (x[:4], x[4:8], x[8:])))
x = pan(r); add("en-IN", "PAN: %s" % x, ("national_id", x))
x = pan(r); add("en-IN", "{\"pan\": \"%s\", \"kyc\": true}" % x, ("national_id", x))
a = digits(r, 12); add("en-IN", "account number %s IFSC HDFC0001234" % a, ("account", a))
a = digits(r, 7); add("en-AU", "BSB 062-000 acc 1%s" % a, ("account", "1" + a))
a = digits(r, 8); add("en-GB", "account number %s" % a, ("account", a))

def jwt():
    e = lambda o: base64.urlsafe_b64encode(json.dumps(o).encode()).decode().rstrip("=")
    return e({"alg": "RS256", "kid": "k1"}) + "." + e({"sub": "u1", "exp": 1800000000}) + "." + rnd(86, A62 + "-_")
for text in [
    "OPENAI_API_KEY=sk-" + rnd(48), "{\"openai_key\": \"sk-proj-" + rnd(64, A62 + "-_") + "\"}",
    "x-api-key: sk-ant-api03-" + rnd(93, A62 + "-_") + "AA", "aws_access_key_id=AKIA" + rnd(16, string.ascii_uppercase + "234567"),
    "AWS_SECRET_ACCESS_KEY=" + rnd(40, A62 + "+/"), "token: ghp_" + rnd(36), "gho_" + rnd(36) + " is the oauth token",
    "GITHUB_TOKEN=github_pat_11" + rnd(20, string.ascii_uppercase + string.digits) + "_" + rnd(59),
    "id_token=" + jwt(), "Authorization: Bearer " + rnd(64, A62),
    "-----BEGIN RSA PRIVATE KEY-----\n" + rnd(64, A62 + "+/") + "\n" + rnd(30, A62 + "+/") + "==\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN PRIVATE KEY-----\\n" + rnd(64, A62 + "+/") + "\\n-----END PRIVATE KEY-----",
    "{\"client_secret\": \"" + rnd(32) + "\"}", "password=" + rnd(14, A62 + "!#%"), "secret_key = '" + rnd(50, A62 + "-_") + "'",
    "mysql://root:" + rnd(18) + "@10.0.0.4/app", "xoxp-" + str(r.randint(10**10, 10**11)) + "-" + rnd(30) + " slack user token",
    "rk_live_" + rnd(30), "AIza" + rnd(35, A62 + "-_"), "hf_" + rnd(34, string.ascii_letters),
    "https://hooks.example.com/trigger?token=" + rnd(40), "signing key: " + rnd(64, A62),
    "token " + rnd(40, "0123456789abcdef") + " (sentry)",
]:
    import re
    if "-----BEGIN" in text:
        v = text[text.index("-----BEGIN"):text.rindex("-----") + 5]
    else:
        v = max(re.findall(r"[A-Za-z0-9_\-+/=.~!#%]{12,}", text.replace("password=", "password= ").replace("_KEY=", "_KEY= ").replace("key_id=", "key_id= ").replace("TOKEN=", "TOKEN= ").replace("token=", "token= ")), key=len)
    add("en-US", "tool_result: " + text, ("secret", v))

for t in [
    "{\"id\": \"%s\", \"object\": \"response\"}" % ("resp_" + rnd(48, "0123456789abcdef")),
    "tool call id call_%s returned ok" % rnd(24), "toolu_01%s finished" % rnd(22), "trace %s" % hexs(32),
    "HEAD is now at %s Merge branch 'fix/retry'" % hexs(7), "commit %s" % hexs(40), "uuid %s" % uuid(),
    "digest sha256:%s" % hexs(64), "\"integrity\": \"sha512-%s==\"" % rnd(86, A62 + "+/"),
    "chatcmpl-%s" % rnd(29), "Stripe refund re_3%s created" % rnd(23), "customer cus_%s" % rnd(14),
    "eval id %s" % rnd(22, "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
    "{\"message_id\": \"msg_01%s\"}" % rnd(22), "the sheet /d/1%s/edit" % rnd(43, A62 + "-_"),
    "bcrypt $2a$10$%s" % rnd(53, A62 + "./"), "ULID 01HZ%s" % rnd(22, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
    "{\"next_page_token\": \"%s\"}" % rnd(24), "gpg key %s" % hexs(40).upper(),
    "Happy Valentine's Day to everyone on the night shift", "St. Patrick's Day parade route closes roads from 11",
    "MLK Day: no school Monday", "Martin Luther King Jr. Day observed", "Guy Fawkes Night fireworks at the park",
    "Boxing Day football at 3pm", "Saint Patrick's Day party at the pub", "Valentines day is a scam tbh",
    "St Valentine's Day massacre documentary", "on Guy Fawkes night the cat hides", "Boxing Day walk on the beach",
    "account balance 1,204.55", "routing rules updated for the EU cluster", "sort code validation failed: use 6 digits",
    "the account number field is required", "arn:aws:iam::210987654321:user/ci", "{\"account_id\": \"210987654321\"}",
    "{\"request_id\": \"%s\", \"took_ms\": 12}" % uuid(), "pipeline %s passed" % hexs(8),
    "The api_key field was empty in the request.", "Use a Bearer token in the Authorization header.",
    "password reset link sent, expires in 30 minutes", "the key is to keep it simple", "token limit reached (128000)",
    "{\"token_type\": \"Bearer\", \"scope\": \"openid email\"}", "secret santa list is done!",
    "tool_result: {\"id\": \"evt_1%s\", \"type\": \"invoice.paid\"}" % rnd(23),
    "tool_result: {\"ami\": \"ami-0%s\"}" % hexs(16), "sg-0%s allows 443" % hexs(16),
    "tool_result: {\"price\": 19.99, \"qty\": 3, \"date\": \"2025-02-14\"}", "Feb 14 is Valentine's Day",
    "tool_result: {\"ISBN\": \"9780143039433\"}", "tool_result: {\"ean\": \"4006381333931\"}",
    "tool_result: {\"phone\": null, \"zip\": null, \"dob\": null}",
    "The model id is anthropic.claude-3-5-sonnet-20240620-v1:0 on Bedrock",
    "tool_result: {\"hash\": \"%s\"}" % rnd(44, A62 + "+/"),
]:
    neg(t)

# second batch of harmless technical text (written after the held-out run, without looking at its messages)
for t in [
    "pip download finished: numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.whl (18.2 MB), sha256=%s" % hexs(64),
    "tool_result: {\"created\": 1733097600, \"updated\": 1733184000123, \"version\": 17}",
    "tool_result: {\"barcode\": \"9781861972712\", \"stock\": 4}",
    "tool_result: {\"order\": \"204-3918271-5520314\", \"status\": \"delivered\"}",
    "uses: actions/setup-node@%s # v4.0.2" % hexs(40),
    "git push origin HEAD:refs/heads/feature/retry-%s" % hexs(6),
    "docker run -d --name api-%s -p 8080:8080 acme/api:2.3.1" % hexs(6),
    "tool_result: {\"instance\": \"i-0%s\", \"state\": \"running\", \"launch\": \"2025-01-12T08:00:00Z\"}" % hexs(16),
    "the flight lands at Terminal 3, stand 214, at 17:45 local time",
    "tool_result: {\"font\": \"Roboto\", \"theme\": \"Solarized\", \"editor\": \"Neovim 0.10.1\"}",
    "tool_result: {\"city\": \"Paris\", \"temp_c\": 11, \"wind_kph\": 19}",
    "tool_result: {\"ticker\": \"MSFT\", \"close\": 415.26, \"volume\": 18273645}",
    "Build log: Step 7/12 : RUN npm ci --omit=dev ---> Running in %s" % hexs(12),
    "tool_result: {\"gtin\": \"00012345678905\", \"weight_g\": 450}",
    "tool_result: {\"log\": \"GET /health 200 2ms\", \"pod\": \"web-6d5f7c9b8-kx2lq\"}",
    "tool_result: {\"isbn13\": \"9780262033848\", \"title\": \"Introduction to Algorithms\"}",
    "Release v3.12.0 tagged at %s by the release workflow" % hexs(40),
    "tool_result: {\"quote_id\": \"Q-2025-004411\", \"premium\": 412.80}",
    "tool_result: {\"object\": \"list\", \"data\": [], \"first_id\": null, \"has_more\": false}",
    "tool_result: {\"s3_version\": \"%s\"}" % rnd(32, A62 + "._"),
    "Terraform plan: 3 to add, 1 to change, 0 to destroy.",
    "tool_result: {\"etag\": \"W/\\\"%s\\\"\"}" % rnd(27, A62 + "-_"),
    "tool_result: {\"msisdn\": null, \"imei\": null, \"device\": \"Pixel 8\"}",
    "tool_result: {\"snapshot\": \"snap-0%s\", \"size_gb\": 100}" % hexs(16),
    "tool_result: {\"build_id\": \"%s\", \"duration_s\": 412}" % rnd(20, string.ascii_lowercase + string.digits),
    "Restart count 3 for container worker in pod worker-7f9c6d8b5-p2xjq",
    "tool_result: {\"conversation_id\": \"conv_%s\", \"turns\": 8}" % rnd(24),
    "tool_result: {\"lot\": \"LOT-48213\", \"expiry\": \"2026-08\", \"batch\": \"B2025-117\"}",
    "Accepted publickey for deploy from 203.0.113.0/24 port 22",
    "tool_result: {\"hash\": \"%s\"}" % rnd(43, A62 + "-_"),
    "tool_result: {\"run\": {\"id\": \"%s\", \"name\": \"nightly\"}}" % rnd(26, A62),
    "Easter Monday and Whit Monday are both bank holidays this year",
    "St Patrick's weekend, the office closes early on Friday",
]:
    neg(t)
for i, (loc, text, pii) in enumerate(out, 1):
    print(json.dumps({"id": "d47-%03d" % i, "locale": loc, "text": text, "pii": pii}, ensure_ascii=False))
