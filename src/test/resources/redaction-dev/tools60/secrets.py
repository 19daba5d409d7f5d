# Development set dev22 (issue 47, round 60): true secrets, national ids and bank details inside the genres of dev21
# (git diffs, lockfiles and .npmrc, docker and kubectl output, CI logs, S3 and HTTP headers, base64 payloads, cloud
# config, API bodies with ids), so that round 60's keep rules are shown not to lose recall there: provider keys with
# their documented prefixes, AWS secret keys after a cue, JWTs, PEM private keys, passwords in URLs, cue-less random
# webhook secrets and query-string keys, base64 of a credential, and FR/ES/IE/UK/US/IT/NL/IN ids and IBANs (check
# digits from tools47/ids.py). Values drawn at random (fixed seed), written here before any rule change of round 60.
# Run from src/test/resources/redaction-dev: python3 tools60/secrets.py
import base64, json, os, random, string, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools47'))
import ids
R = random.Random(6061)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def b64(n): return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()
def b64u(n): return base64.urlsafe_b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode().rstrip('=')
def pick(*xs): return R.choice(xs)
def jwt():
    hd = base64.urlsafe_b64encode(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()).decode().rstrip('=')
    pl = base64.urlsafe_b64encode(json.dumps({"sub": d(8), "exp": R.randint(1700000000, 1800000000)}).encode()).decode().rstrip('=')
    return f"{hd}.{pl}.{b64u(32)}"
T = []
def add(g, t, pii): T.append((g, t, pii))
for i in range(6):
    k = "sk-proj-" + al(48)
    add("git", f"diff --git a/.env b/.env\nindex {h(7)}..{h(7)} 100644\n--- a/.env\n+++ b/.env\n@@ -1,2 +1,3 @@\n+OPENAI_API_KEY={k}\n DEBUG=false", [("secret", k)])
    k = "sk-ant-api03-" + b64u(70)[:93] + "AA"
    add("git", f"{h(7)} chore: add config (oops)\n+ANTHROPIC_API_KEY: {k}", [("secret", k)])
    k = "npm_" + al(36)
    add("lock", f"$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={k}\nregistry=https://registry.npmjs.org/", [("secret", k)])
    pw = al(14)
    add("docker", f"$ docker login -u ci -p {pw} registry.acme.io\nWARNING! Using --password via the CLI is insecure.", [("secret", pw)])
    k = b64(30)
    add("k8s", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds-{h(5)}\ndata:\n  password: {k}", [("secret", k)])
    k = "ghp_" + al(36)
    add("ci", f"Run git clone https://x-access-token:{k}@github.com/acme/private.git\nCloning into 'private'...", [("secret", k)])
    ak = "AKIA" + an(16); sk = b64(30)[:40]
    add("cloud", f"[default]\naws_access_key_id = {ak}\naws_secret_access_key = {sk}\nregion = eu-west-1", [("secret", ak), ("secret", sk)])
    add("s3", f"GET /reports/q3.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={ak}%2F20250101%2Fus-east-1%2Fs3%2Faws4_request HTTP/1.1\nx-amz-request-id: {an(16)}", [("secret", ak)])
    j = jwt()
    add("trace", f"traceparent: 00-{h(32)}-{h(16)}-01\nAuthorization: Bearer {j}", [("secret", j)])
    pw = al(16)
    add("url", f"DATABASE_URL=postgres://app:{pw}@db.internal:5432/orders (request {h(32)})", [("secret", pw)])
    k = al(40)
    add("webhook", f'{{"id": "we_{al(24)}", "url": "https://hooks.acme.io/stripe", "signing_secret": "{k}"}}', [("secret", k)])
    k = al(32)
    add("query", f"GET https://maps.example-api.com/v2/geocode?address=Paris&key={k} 200 OK (trace {h(32)})", [("secret", k)])
    cred = base64.b64encode(f"deploy:{al(20)}".encode()).decode()
    add("b64", f"curl -H 'Authorization: Basic {cred}' https://api.acme.io/v1/builds", [("secret", cred)])
    pem = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(b64(51) for _ in range(4)) + "\n-----END OPENSSH PRIVATE KEY-----"
    add("pem", f"$ cat ~/.ssh/id_ed25519\n{pem}\n$ git log --oneline -1\n{h(7)} Merge pull request #{R.randint(1,999)} from dependabot/pip/requests-2.32.3", [("secret", pem)])
    k = "xoxb-" + d(12) + "-" + d(13) + "-" + al(24)
    add("ci", f"##[group]Notify\nSLACK_BOT_TOKEN={k}\nposted to #deploys (ts {d(10)}.{d(6)})", [("secret", k)])
    k = "hf_" + al(34)
    add("model", f"Loaded meta-llama/Meta-Llama-3.1-8B-Instruct with token {k} (revision {h(40)})", [("secret", k)])
    k = "AIza" + b64u(30)[:35]
    add("media", f"https://www.googleapis.com/youtube/v3/videos?id={b64u(8)[:11]}&key={k}&part=snippet", [("secret", k)])
    k = "sk_live_" + al(24)
    add("api", f'{{"object": "event", "id": "evt_{al(24)}", "livemode": true, "debug": {{"stripe_key": "{k}"}}}}', [("secret", k)])
    k = "glpat-" + b64u(15)[:20]
    add("ci", f"Running with gitlab-runner 16.4.0 ({h(8)})\n$ git remote set-url origin https://oauth2:{k}@gitlab.com/acme/app.git", [("secret", k)])
# identifiers in the same tool-return genres
for i in range(4):
    n = ids.nir(R); nir = " ".join([n[0], n[1], n[2], n[3], n[4], n[5], n[6]]); dni = "".join(ids.dni(R)); pps = "".join(ids.pps(R)); nino = "%s %s %s %s %s" % ((ids.nino(R)[0],) + (lambda t: (t[1][:2], t[1][2:4], t[1][4:], t[2]))(ids.nino(R))); ssn = "-".join(ids.ssn(R)); bsn = ids.bsn(R)
    ib_fr = ids.iban(R, "FR", ids.digits(R, 23)); ib_nl = ids.iban(R, "NL", "ABNA" + ids.digits(R, 10)); ib_de = ids.iban(R, "DE", ids.digits(R, 18))
    add("ids", f'{{"customer": {{"id": "cus_{al(14)}", "nir": "{nir}", "iban": "{ib_fr}"}}, "request_id": "req_{h(24)}"}}', [("national_id", nir), ("iban", ib_fr)])
    add("ids", f"SELECT dni, iban FROM clientes LIMIT 1;\n dni       | iban\n {dni} | {ib_de}\n(1 row)", [("national_id", dni), ("iban", ib_de)])
    add("ids", f"2025-03-1{i}T10:00:00Z INFO kyc verified pps={pps} trace={h(32)}", [("national_id", pps)])
    add("ids", f"| field | value |\n|---|---|\n| NI number | {nino} |\n| SSN | {ssn} |\n| BSN | {bsn} |\n| IBAN | {ib_nl} |", [("ni", nino), ("ssn", ssn), ("national_id", bsn), ("iban", ib_nl)])
out = open('dev22.jsonl', 'w')
for i, (g, t, pii) in enumerate(T):
    for k, v in pii:
        assert v in t, (v, t)
    out.write(json.dumps({"id": f"s60-{i:03d}-{g}", "locale": "en", "text": t, "pii": [{"kind": k, "text": v} for k, v in pii]}, ensure_ascii=False) + "\n")
print(len(T), sum(len(p) for _, _, p in T))
