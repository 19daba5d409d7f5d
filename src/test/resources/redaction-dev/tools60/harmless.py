# Development set dev21 (issue 47, round 60): harmless tool returns of kinds dev..dev20 do not hold, each full of
# strings a secret, id or phone detector may take: git output (full and abbreviated SHAs, `git describe`, dependabot
# merge lines, diff index lines), lockfiles (npm/yarn/pnpm sha512 integrity, Cargo/poetry/pip hashes, go.sum),
# Docker and OCI digests and layer ids, checksum files, S3 ETags, version ids and x-amz-id-2 headers, request and
# trace ids (W3C traceparent, X-Amzn-Trace-Id, cf-ray, X-Cloud-Trace-Context), UUIDs, ULIDs, KSUIDs, ObjectIds,
# nanoids, base64 of readable JSON and text and tiny images, kubectl output, CI logs, cloud resource ids and ARNs,
# video, playlist, place and track ids, short links, DOIs, ISBNs, arXiv ids, model ids, hex colours, versions, time
# stamps, coordinates, SKUs, flight and tracking numbers, chemical formulas, tickers, scores, recipes, and prose in
# fr/es/de/it/nl/pt with no person and no home. Values drawn at random (fixed seed), written here before any rule
# change of round 60. Run from src/test/resources/redaction-dev: python3 tools60/harmless.py
import base64, json, random, string
R = random.Random(6060)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def H(n): return ''.join(R.choice('0123456789ABCDEF') for _ in range(n))
def up(n): return ''.join(R.choice(string.ascii_uppercase) for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def lo(n): return ''.join(R.choice(string.ascii_lowercase + string.digits) for _ in range(n))
def b64(n): return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()
def b64u(n): return base64.urlsafe_b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode().rstrip('=')
def crock(n): return ''.join(R.choice('0123456789ABCDEFGHJKMNPQRSTVWXYZ') for _ in range(n))
def uuid(): return f"{h(8)}-{h(4)}-4{h(3)}-{R.choice('89ab')}{h(3)}-{h(12)}"
def ksuid():
    # a KSUID: 4 bytes of seconds since 2014-05-13 (1400000000) and 16 random bytes, base62 in 27 characters
    n = (R.randint(1600000000, 1760000000) - 1400000000) << 128 | R.getrandbits(128)
    a = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"; out = ""
    while n: n, r = divmod(n, 62); out = a[r] + out
    return out.rjust(27, "0")
def pick(*xs): return R.choice(xs)
def enc(s): return base64.b64encode(s.encode()).decode()
PKGS = ["lodash", "react-dom", "typescript", "esbuild", "@babel/core", "zod", "express", "vite", "eslint", "rxjs"]
FILES = ["src/index.ts", "README.md", "pom.xml", "src/main/java/App.java", "Cargo.toml", "go.mod", "Makefile"]
T = []
def add(g, t): T.append((g, t))

for i in range(12):
    v = f"{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,20)}"
    p = pick(*PKGS)
    add("git", "\n".join(f"{h(7)} {m}" for m in [f"Merge pull request #{R.randint(10,9999)} from dependabot/npm_and_yarn/{p.strip('@').replace('/', '-')}-{v}", f"chore(deps): bump {p} from {v} to {v}1", f"fix: handle empty payload in {pick(*FILES)}", f"Merge branch 'release/{v}' into main"]))
    add("git", f"commit {h(40)}\nMerge: {h(7)} {h(7)}\nDate:   Tue Mar {R.randint(10,28)} 14:{R.randint(10,59)}:0{R.randint(0,9)} 2025 +0000\n\n    Merge pull request #{R.randint(100,999)} from acme-platform/feature/retry-backoff")
    add("git", f"diff --git a/{pick(*FILES)} b/{pick(*FILES)}\nindex {h(7)}..{h(7)} 100644\n--- a/x\n+++ b/x\n@@ -{R.randint(1,90)},7 +{R.randint(1,90)},8 @@")
    add("git", f"$ git describe --tags\nv{v}-{R.randint(1,80)}-g{h(7)}\n$ git rev-parse HEAD\n{h(40)}")
    add("git", f"{h(40)}\trefs/heads/main\n{h(40)}\trefs/tags/v{v}\n{h(40)}\trefs/pull/{R.randint(1,800)}/head")
    add("git", f"stash@{{0}}: WIP on main: {h(7)} Bump version to {v}\nHEAD is now at {h(8)} Release {v}")

for i in range(10):
    p = pick(*PKGS); v = f"{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,20)}"
    add("lock", f'"node_modules/{p}": {{\n  "version": "{v}",\n  "resolved": "https://registry.npmjs.org/{p}/-/{p.split("/")[-1]}-{v}.tgz",\n  "integrity": "sha512-{b64(64)}",\n  "dev": true\n}}')
    add("lock", f'{p}@^{v}:\n  version "{v}"\n  resolved "https://registry.yarnpkg.com/{p}/-/{p.split("/")[-1]}-{v}.tgz#{h(40)}"\n  integrity sha512-{b64(64)}')
    add("lock", f"  /{p}@{v}:\n    resolution: {{integrity: sha512-{b64(64)}}}\n    engines: {{node: '>=14'}}")
    add("lock", f'[[package]]\nname = "{pick("serde", "tokio", "rand", "regex")}"\nversion = "{v}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h(64)}"')
    add("lock", f'files = [\n    {{file = "requests-{v}-py3-none-any.whl", hash = "sha256:{h(64)}"}},\n    {{file = "requests-{v}.tar.gz", hash = "sha256:{h(64)}"}},\n]')
    add("lock", f"requests=={v} \\\n    --hash=sha256:{h(64)} \\\n    --hash=sha256:{h(64)}")
    add("lock", f"golang.org/x/net v0.{R.randint(1,30)}.0 h1:{b64(32)}\ngolang.org/x/net v0.{R.randint(1,30)}.0/go.mod h1:{b64(32)}")

for i in range(10):
    dg = h(64)
    add("docker", f"$ docker pull nginx:1.{R.randint(20,27)}\n{R.randint(1,3)}.{R.randint(0,9)}: Pulling from library/nginx\n{h(12)}: Pull complete\n{h(12)}: Pull complete\n{h(12)}: Already exists\nDigest: sha256:{dg}\nStatus: Downloaded newer image for nginx:1.25")
    add("docker", f"REPOSITORY   TAG       DIGEST                                                                    IMAGE ID       CREATED       SIZE\napp          latest    sha256:{h(64)}   {h(12)}   2 days ago    {R.randint(50,900)}MB")
    add("docker", f"CONTAINER ID   IMAGE          COMMAND                  STATUS          NAMES\n{h(12)}   redis:7        \"docker-entrypoint.s…\"   Up 3 hours      {pick('cache-1', 'redis_primary', 'app-worker-2')}")
    add("docker", f'"Image": "ghcr.io/acme/api@sha256:{h(64)}",\n"Id": "{h(64)}",\n"Created": "2025-0{R.randint(1,9)}-1{R.randint(0,9)}T08:1{R.randint(0,9)}:00.{d(9)}Z"')
    add("docker", f"#{R.randint(5,19)} [build 3/7] RUN npm ci\n#{R.randint(5,19)} CACHED\n#{R.randint(20,30)} writing image sha256:{h(64)} done\n#{R.randint(20,30)} naming to docker.io/library/app:{h(7)} done")

for i in range(8):
    add("checksum", f"{h(64)}  terraform_1.{R.randint(5,9)}.{R.randint(0,5)}_linux_amd64.zip\n{h(64)}  terraform_1.{R.randint(5,9)}.{R.randint(0,5)}_darwin_arm64.zip")
    add("checksum", f"$ md5sum backup-2025.tar.gz\n{h(32)}  backup-2025.tar.gz\n$ sha1sum backup-2025.tar.gz\n{h(40)}  backup-2025.tar.gz")
    add("checksum", f"Content-MD5: {b64(16)}\nx-goog-hash: crc32c={b64(4)}\nx-goog-hash: md5={b64(16)}")
    add("checksum", f"SHA512 (node-v20.{R.randint(1,15)}.0.tar.xz) = {h(128)}")

for i in range(10):
    add("s3", f'{{\n  "AcceptRanges": "bytes",\n  "LastModified": "2025-0{R.randint(1,9)}-1{R.randint(0,9)}T10:00:00+00:00",\n  "ContentLength": {R.randint(1000,900000)},\n  "ETag": "\\"{h(32)}\\"",\n  "VersionId": "{al(32)}",\n  "ContentType": "application/json"\n}}')
    add("s3", f"HTTP/1.1 200 OK\nx-amz-id-2: {b64(56)}\nx-amz-request-id: {H(16)}\nDate: Wed, 1{R.randint(0,9)} Sep 2025 10:11:12 GMT\nETag: \"{h(32)}-{R.randint(2,40)}\"\nServer: AmazonS3")
    add("s3", f"upload: ./dist/app.js to s3://acme-static-assets/app.{h(8)}.js\nupload: ./dist/vendor.js to s3://acme-static-assets/vendor.{h(20)}.js")

for i in range(10):
    add("trace", f"traceparent: 00-{h(32)}-{h(16)}-01\ntracestate: congo=t61rcWkgMzE")
    add("trace", f"X-Amzn-Trace-Id: Root=1-{h(8)}-{h(24)};Parent={h(16)};Sampled=1")
    add("trace", f"cf-ray: {h(16)}-{pick('LHR', 'CDG', 'FRA', 'AMS', 'IAD')}\nx-request-id: {uuid()}\nx-envoy-upstream-service-time: {R.randint(2,900)}")
    add("trace", f"X-Cloud-Trace-Context: {h(32)}/{d(19)};o=1")
    add("trace", f"START RequestId: {uuid()} Version: $LATEST\nEND RequestId: {uuid()}\nREPORT RequestId: {uuid()}\tDuration: {R.randint(1,900)}.{d(2)} ms\tBilled Duration: {R.randint(1,900)} ms")
    add("trace", f"x-ms-request-id: {uuid()}\nx-ms-correlation-request-id: {uuid()}\napim-request-id: {uuid()}")
    add("trace", f"Sentry event {h(32)} captured (release web@{R.randint(1,9)}.{R.randint(0,9)}.{R.randint(0,9)}+{h(7)})")

for i in range(10):
    add("ids", f"created order {crock(26)} (ULID) at {R.randint(1700000000000, 1760000000000)}")
    add("ids", f'{{"_id": {{"$oid": "{h(24)}"}}, "status": "shipped", "items": {R.randint(1,9)}}}')
    add("ids", f"segment {ksuid()} written, next {ksuid()}")
    add("ids", f"nanoid {pick(*[''])}{b64u(16)[:21]} assigned to the upload")
    add("ids", f"- id: {lo(25)}\n  title: Quarterly review deck\n  createdAt: 2025-0{R.randint(1,9)}-0{R.randint(1,9)}")
    add("ids", f"Firebase push key -{al(19)} added under /messages")
    add("ids", f"snowflake id {R.randint(10**17, 10**18)} for the channel message")

for i in range(8):
    png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    gif = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="
    j = json.dumps({"page": R.randint(2, 90), "sort": pick("created_at", "name", "updated"), "dir": pick("asc", "desc"), "after": R.randint(1000, 99999)})
    add("b64", f"Decoded the cursor: {enc(j)} is just {j}")
    add("b64", f'{{"name": "README.md", "encoding": "base64", "content": "{enc("# Project " + up(4) + chr(10) + "Build with make, run the tests with make test." + chr(10))}"}}')
    add("b64", f'<img alt="pixel" src="data:image/png;base64,{png}">')
    add("b64", f"thumbnail (1x1 gif): {gif}")
    add("b64", f"image/png: {png}")
    add("b64", f"Content-Transfer-Encoding: base64\n\n{enc('Your weekly report is ready. Open the dashboard to see the figures for week ' + str(R.randint(1,52)) + '.')}")
    add("b64", f"state={enc(json.dumps({'returnTo': '/settings/billing', 'ts': R.randint(1700000000,1760000000)}))}")
    add("b64", f"payload (base64): {enc(json.dumps({'event': 'build.finished', 'status': 'ok', 'duration_s': R.randint(10,999)}))}")

for i in range(10):
    rs = lo(10)[:10]; pod = ''.join(R.choice('bcdfghjklmnpqrstvwxz2456789') for _ in range(5))
    add("k8s", f"NAME                               READY   STATUS    RESTARTS   AGE\napi-gateway-{rs}-{pod}     1/1     Running   0          3d\nworker-{lo(9)}-{lo(5)}           1/1     Running   {R.randint(0,9)}          12h")
    add("k8s", f"Events:\n  Normal  Scheduled  2m  default-scheduler  Successfully assigned prod/web-{lo(10)}-{lo(5)} to ip-10-0-{R.randint(1,200)}-{R.randint(1,200)}.ec2.internal\n  Normal  Pulled     2m  kubelet  Container image \"nginx@sha256:{h(64)}\" already present on machine")
    add("k8s", f"    Container ID:   containerd://{h(64)}\n    Image ID:       docker.io/library/postgres@sha256:{h(64)}")
    add("k8s", f"configmap/app-config-{lo(10)} created\nsecret/app-tls unchanged\ndeployment.apps/web configured")

for i in range(10):
    add("ci", f"Run actions/checkout@{h(40)}\nSyncing repository: acme/web\nFetching the repository\n  /usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{h(40)}:refs/remotes/origin/main")
    add("ci", f"Cache restored from key: node-cache-Linux-x64-npm-{h(64)}\nReceived {R.randint(1,300)} of {R.randint(300,600)} MB ({R.randint(1,99)}.{d(1)}%), {R.randint(1,90)}.{d(1)} MBs/sec")
    add("ci", f"Running with gitlab-runner 16.{R.randint(1,9)}.0 ({h(8)})\n  on docker-autoscaler {an(8)}, system ID: s_{h(12)}\nPreparing the \"docker+machine\" executor\nJob succeeded")
    add("ci", f"Build #{R.randint(1000,9999)} (pipeline {d(9)}) finished in {R.randint(1,40)}m {R.randint(1,59)}s — artifacts: dist-{h(12)}.zip")
    add("ci", f"##[group]Run npm test\nTests:       {R.randint(100,900)} passed, {R.randint(100,900)} total\nSnapshots:   {R.randint(1,40)} passed\n##[endgroup]\nUploading artifact coverage-{h(8)} ({R.randint(100,900)} KB), artifact id {d(10)}")

for i in range(10):
    acct = d(12); reg = pick("us-east-1", "eu-west-1", "ap-southeast-2", "eu-central-1")
    add("cloud", f"Instances: i-0{h(16)} (t3.micro, running), i-0{h(16)} (m5.large, stopped) in {reg}")
    add("cloud", f"VpcId: vpc-0{h(16)}\nSubnetId: subnet-0{h(16)}\nGroupId: sg-0{h(16)}\nRouteTableId: rtb-0{h(16)}")
    add("cloud", f"arn:aws:lambda:{reg}:{acct}:function:thumbnailer:{R.randint(1,40)}\narn:aws:iam::{acct}:role/service-role/thumbnailer-role-{lo(8)}")
    add("cloud", f"CloudFront distribution {an(14)} deployed (d{lo(13)}.cloudfront.net); hosted zone Z{an(13)}")
    add("cloud", f"{acct}.dkr.ecr.{reg}.amazonaws.com/api:sha-{h(7)} pushed, digest sha256:{h(64)}")
    add("cloud", f"projects/acme-prod-{d(6)}/locations/europe-west1/services/api/revisions/api-000{R.randint(10,99)}-{lo(3)}")
    add("cloud", f"/subscriptions/{uuid()}/resourceGroups/rg-web/providers/Microsoft.Web/sites/acme-web")
    add("cloud", f"KeyId: arn:aws:kms:{reg}:{acct}:key/{uuid()}\nKeyState: Enabled\nKeyUsage: ENCRYPT_DECRYPT")

for i in range(10):
    yt = b64u(8)[:11]
    add("media", f"https://www.youtube.com/watch?v={yt}&list=PL{b64u(24)[:32]}&index={R.randint(1,40)}")
    add("media", f"Video {yt}: {R.randint(1,900)}K views, duration PT{R.randint(1,59)}M{R.randint(1,59)}S")
    add("media", f"Playlist PL{b64u(24)[:32]} has {R.randint(5,90)} videos")
    add("media", f"place_id: ChIJ{b64u(18)[:23]} (rating 4.{R.randint(0,9)}, {R.randint(10,9000)} reviews)")
    add("media", f"https://open.spotify.com/track/{al(22)}?si={h(16)}")
    add("media", f"short link: https://bit.ly/{al(7)} → 1,{R.randint(100,999)} clicks; https://youtu.be/{yt}")

for i in range(8):
    add("ref", f"doi:10.{R.randint(1000,9999)}/s{d(5)}-0{d(2)}-0{d(4)}-{d(1)} (Nature, 202{R.randint(0,5)})")
    add("ref", f"ISBN 978-{R.randint(0,1)}-{d(2)}-{d(6)}-{d(1)}; arXiv:2{R.randint(1,4)}0{R.randint(1,9)}.{d(5)}v{R.randint(1,4)}; PMID {d(8)}")
    add("ref", f"Wikidata Q{R.randint(100,9999999)}, https://en.wikipedia.org/wiki/Special:Permalink/{d(10)}")

for i in range(8):
    add("model", f'{{"model": "{pick("gpt-4o-2024-08-06", "claude-3-5-sonnet-20241022", "gpt-4o-mini-2024-07-18", "claude-3-haiku-20240307", "gemini-1.5-pro-002")}", "id": "chatcmpl-{al(29)}", "system_fingerprint": "fp_{h(10)}", "usage": {{"prompt_tokens": {R.randint(10,9000)}}}}}')
    add("model", f"Loaded meta-llama/Meta-Llama-3.1-8B-Instruct (revision {h(40)}) and mistralai/Mixtral-8x7B-Instruct-v0.1")
    add("model", f"fine-tune succeeded: ft:gpt-4o-mini-2024-07-18:acme-labs::{al(8)}")
    add("model", f"Downloading model.safetensors: 100%|██████████| {R.randint(1,16)}.{d(2)}G/{R.randint(1,16)}.{d(2)}G; snapshot {h(40)}")

for i in range(8):
    add("misc", f"palette: #{h(6)}, #{H(6)}, #{h(3)}; font-weight 600; rgba({R.randint(0,255)}, {R.randint(0,255)}, {R.randint(0,255)}, 0.{R.randint(1,9)})")
    add("misc", f"Python 3.1{R.randint(0,3)}.{R.randint(0,9)}, node v20.{R.randint(1,18)}.{R.randint(0,9)}, OpenSSL 3.0.{R.randint(1,14)} 24 Oct 2023, build 24{up(1)}{R.randint(100,999)}")
    add("misc", f"ts={R.randint(1700000000,1760000000)}.{d(6)} at 2025-0{R.randint(1,9)}-1{R.randint(0,9)}T{R.randint(10,23)}:{R.randint(10,59)}:{R.randint(10,59)}.{d(3)}+02:00; Thu, 0{R.randint(1,9)} Oct 2025 08:{R.randint(10,59)}:00 GMT")
    add("misc", f"Coordinates: {R.randint(-60,60)}.{d(6)}, {R.randint(-170,170)}.{d(6)} (51°30′26″N 0°7′39″W), elevation {R.randint(1,900)} m")
    add("misc", f"SKU {up(3)}-{d(5)}-{an(3)}, EAN {d(13)}, UPC {d(12)}, in stock: {R.randint(1,90)}")
    add("misc", f"Flight {pick('BA', 'LH', 'AF', 'KL', 'IB', 'AZ')}{R.randint(100,9999)} departs {R.randint(10,23)}:{R.randint(10,59)} from gate {up(1)}{R.randint(1,60)}, booking ref {up(6)}")
    add("misc", f"Tracking: UPS 1Z{an(6)}{d(10)}, USPS 9400 {d(4)} {d(4)} {d(4)} {d(4)} {d(2)}, Royal Mail {up(2)}{d(9)}GB, DHL {d(10)}")
    add("misc", f"Caffeine C8H10N4O2 (M = 194.19 g/mol), glucose C6H12O6, sulfuric acid H2SO4, CAS {R.randint(50,9999)}-{d(2)}-{d(1)}")
    add("misc", f"AAPL {R.randint(150,250)}.{d(2)} (+{R.randint(0,3)}.{d(2)}%), MSFT {R.randint(300,450)}.{d(2)}, NVDA {R.randint(100,150)}.{d(2)}, BRK.B {R.randint(300,500)}.{d(2)}")
    add("misc", f"FT: {pick('Arsenal', 'Real Madrid', 'Bayern', 'Ajax')} {R.randint(0,5)}–{R.randint(0,5)} {pick('Lazio', 'Porto', 'Celtic', 'Lyon')} (HT {R.randint(0,2)}–{R.randint(0,2)}); Lakers {R.randint(90,130)}-{R.randint(90,130)} Celtics")
    add("misc", f"Serves 4: {R.randint(200,500)} g flour, 2 tsp baking powder, 1/2 tsp salt, {R.randint(100,300)} ml milk, 2 eggs; bake 25–30 min at 180 °C (gas 4)")

PROSE = [
    ("fr", "La mise à jour {v} corrige un problème de cache ; redémarrez le service après l'installation."),
    ("fr", "Il fera {t} °C demain matin, avec des averses l'après-midi et un vent de 30 km/h."),
    ("fr", "Versez {g} g de farine, ajoutez les œufs un par un, puis laissez reposer la pâte une heure."),
    ("es", "La versión {v} ya está disponible; el registro de cambios incluye mejoras de rendimiento."),
    ("es", "Mañana habrá {t} grados y cielos despejados; por la tarde se esperan nubes."),
    ("es", "Mezcla {g} g de harina con la leche y hornea durante 25 minutos a 180 grados."),
    ("de", "Das Update {v} behebt einen Fehler beim Speichern; bitte den Dienst danach neu starten."),
    ("de", "Morgen werden {t} Grad erwartet, am Nachmittag zieht Regen auf."),
    ("de", "Den Teig mit {g} g Mehl kneten und 30 Minuten ruhen lassen, dann bei 180 Grad backen."),
    ("it", "L'aggiornamento {v} migliora le prestazioni; riavviare il servizio dopo l'installazione."),
    ("it", "Domani sono previsti {t} gradi e cielo sereno, con qualche nuvola in serata."),
    ("it", "Aggiungere {g} g di farina e mescolare finché l'impasto non è liscio."),
    ("nl", "Versie {v} lost een probleem met de cache op; start de dienst daarna opnieuw."),
    ("nl", "Morgen wordt het {t} graden met af en toe een bui."),
    ("nl", "Meng {g} g bloem met de melk en bak het beslag 25 minuten op 180 graden."),
    ("pt", "A versão {v} corrige um erro de sincronização; reinicie o serviço depois da instalação."),
    ("pt", "Amanhã a temperatura chega aos {t} graus, com possibilidade de chuva à tarde."),
    ("pt", "Junte {g} g de farinha e os ovos e leve ao forno por 30 minutos."),
]
for i in range(3):
    for lang, s in PROSE:
        add("prose-" + lang, s.format(v=f"{R.randint(1,9)}.{R.randint(0,20)}.{R.randint(0,9)}", t=R.randint(-5,35), g=R.randint(100,500)))

out = open('dev21.jsonl', 'w')
for i, (g, t) in enumerate(T):
    out.write(json.dumps({"id": f"t60-{i:04d}-{g}", "locale": g[6:] if g.startswith("prose-") else "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
