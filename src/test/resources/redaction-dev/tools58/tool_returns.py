# Development sets dev15 (harmless) and dev16 (positives), issue 47's last false-positive figure: tool returns and
# messages as agents meet them, written here from generators (fixed seed, byte for byte), tuned on.
# dev15: ids, codes, amounts, dates, versions, hashes, URLs, file paths, products, organisations, models and
# software named like people, eponyms, places, storms and assistants - nothing in them is personal.
# dev16: the same genres holding a person's name, contact, national id, account or secret, so recall lost to a rule
# shows. National ids come from tools47/ids.py (issuers' check digits).
# Run from src/test/resources/redaction-dev: python3 tools58/tool_returns.py
import json, random, string, sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools47'))
import ids
R = random.Random(58)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def hx(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def lo(n): return ''.join(R.choice(string.ascii_lowercase) for _ in range(n))
def ver(): return f"{R.randint(0,20)}.{R.randint(0,40)}.{R.randint(0,30)}"
def date(): return f"20{R.randint(19,26)}-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
def ts(): return f"{date()}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}Z"
def money(): return R.choice(['$', '£', '€', 'USD ', 'EUR ', '']) + f"{R.randint(1,99999):,}.{d(2)}"
def uuid(): return f"{hx(8)}-{hx(4)}-4{hx(3)}-{R.choice('89ab')}{hx(3)}-{hx(12)}"
def pick(xs): return R.choice(xs)

software = ["Jenkins", "Hudson", "Ansible", "Sphinx", "Jasmine", "Mocha", "Karma", "Django", "Flask", "Laravel",
    "Symfony", "Grafana", "Kibana", "Logstash", "Cassandra", "Hadoop", "Hive", "Spark", "Kafka", "Airflow",
    "Dagster", "Prefect", "Celery", "Redis", "Postgres", "Julia", "Pascal", "Haskell", "Kotlin", "Dart", "Elixir",
    "Erlang", "Bazel", "Gradle", "Maven", "Ruby", "Rails", "Jekyll", "Hugo", "Gatsby", "Svelte", "Ember", "Nuxt",
    "Remix", "Astro", "Deno", "Bun", "Terraform", "Pulumi", "Vault", "Consul", "Nomad", "Packer", "Vagrant",
    "Podman", "Buildah", "Argo", "Flux", "Istio", "Linkerd", "Envoy", "Traefik", "Caddy", "Nginx", "Tomcat", "Jetty",
    "Quarkus", "Micronaut", "Helidon", "Hibernate", "Mockito", "Jackson", "Gson", "Lombok", "Sentry", "Rollbar",
    "Bugsnag", "Honeycomb", "Jaeger", "Zipkin", "Tempo", "Loki", "Mimir", "Thanos", "Cortex", "Victoria Metrics",
    "Clickhouse", "Druid", "Pinot", "Presto", "Trino", "Dremio", "Metabase", "Superset", "Redash", "Looker",
    "Tableau", "Alteryx", "Talend", "Fivetran", "Airbyte", "Stitch", "Hightouch", "Census", "Segment", "Amplitude",
    "Mixpanel", "Heap", "Pendo", "Intercom", "Zendesk", "Freshdesk", "Jira", "Confluence", "Trello", "Asana",
    "Notion", "Linear", "Harvest", "Toggl", "Calendly", "Gusto", "Rippling", "Deel", "Brex", "Ramp", "Plaid",
    "Stripe", "Adyen", "Klarna", "Wise", "Revolut", "Monzo", "Chime", "Robinhood", "Coinbase", "Kraken"]
models = ["Llama 3.1 70B", "Mistral 7B", "Mixtral 8x7B", "Falcon 180B", "Gemma 2 9B", "Phi-3 mini", "Qwen2.5 72B",
    "Claude 3.5 Sonnet", "Claude Haiku", "Gemini 1.5 Pro", "Command R+", "Jamba 1.5", "Granite 3.0", "Nemotron 70B",
    "Vicuna 13B", "Alpaca 7B", "Orca 2", "Zephyr 7B", "Dolly v2", "Bloom 176B", "Galactica", "Chinchilla", "Gopher"]
assistants = ["Alexa", "Siri", "Cortana", "Copilot", "Bixby", "Jarvis", "Devin", "Claude", "Gemini", "Watson"]
orgs = ["Morgan Stanley", "Goldman Sachs", "JPMorgan Chase", "Wells Fargo", "Charles Schwab", "Fidelity",
    "Vanguard", "BlackRock", "Berkshire Hathaway", "Lockheed Martin", "Northrop Grumman", "Johnson & Johnson",
    "Eli Lilly", "Bristol Myers Squibb", "Abbott", "Pfizer", "Merck", "Novartis", "Roche", "Bayer", "Siemens",
    "Philips", "Bosch", "Schneider Electric", "Dell", "Hewlett Packard Enterprise", "Ford", "Toyota", "Honda",
    "Ferrari", "Porsche", "Boeing", "Airbus", "Procter & Gamble", "Colgate-Palmolive", "Kellogg", "Heinz",
    "Mars", "Hershey", "Walt Disney", "Warner Bros", "Paramount", "Sony", "Nintendo", "McKinsey", "Deloitte",
    "Ernst & Young", "KPMG", "Accenture", "Booz Allen Hamilton", "Palo Alto Networks", "CrowdStrike", "Fortinet",
    "Check Point", "Zscaler", "Okta", "Cloudflare", "Akamai", "Datadog", "Snowflake", "Oracle", "Salesforce",
    "Adobe", "Autodesk", "Atlassian", "Shopify", "Twilio", "Zoom", "Slack", "Dropbox", "Box", "Square"]
eponyms = ["Alzheimer's disease", "Parkinson's disease", "Crohn's disease", "Hodgkin lymphoma", "Tourette syndrome",
    "Down syndrome", "Graves' disease", "Hashimoto's thyroiditis", "Addison's disease", "Cushing's syndrome",
    "Bell's palsy", "Raynaud's phenomenon", "Kaposi sarcoma", "Wilms tumour", "Ewing sarcoma", "Marfan syndrome",
    "Guillain-Barre syndrome", "the Glasgow Coma Scale", "the Apgar score", "the Wells score", "a Foley catheter",
    "a Swan-Ganz catheter", "the Heimlich manoeuvre", "Dijkstra's algorithm", "a Bloom filter", "a Merkle tree",
    "Bayesian optimisation", "a Gaussian process", "Lamport clocks", "the Raft protocol", "Paxos", "the Diffie-Hellman exchange",
    "an RSA key", "the Fisher-Yates shuffle", "Knuth's algorithm X", "Kruskal's algorithm", "Prim's algorithm",
    "a Fenwick tree", "Boyer-Moore search", "the Levenshtein distance", "Huffman coding", "a Kalman filter"]
places = ["Santa Clara", "San Jose", "Austin", "Charlotte", "Jackson", "Madison", "Lincoln", "Dallas", "Houston",
    "Denver", "Phoenix", "Florence", "Victoria", "Sydney", "Adelaide", "Darwin", "Wellington", "Hamilton",
    "Kingston", "Georgetown", "Washington", "Jefferson City", "Raleigh", "Columbus", "Cleveland", "Pittsburgh",
    "Lafayette", "Eugene", "Beaumont", "Abilene", "Tyler", "Irving", "Plano", "Frisco", "Chandler", "Gilbert",
    "Santa Monica", "San Antonio", "St. Louis", "Fort Collins", "Virginia Beach", "Alexandria", "Arlington",
    "Frankfurt", "Dublin", "Ashburn", "Hillsboro", "Council Bluffs", "The Dalles", "Quincy", "Mumbai", "Chennai"]
regions = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1", "ap-southeast-2", "europe-west4",
    "us-central1", "westeurope", "eastus2", "northeurope", "uksouth"]
storms = ["Hurricane Helene", "Hurricane Milton", "Storm Ciaran", "Typhoon Haiyan", "Cyclone Gabrielle",
    "Hurricane Katrina", "Storm Babet", "Hurricane Ian", "Hurricane Beryl", "Storm Darragh"]
people_words = ["Mark as read", "Will retry", "Grace period", "Bill of materials", "Frank assessment", "Rose by",
    "Amber alert", "Ruby gems", "Jade plugin", "Crystal reports", "Sterling", "Victor", "Hunter", "Mason jar",
    "Chase Sapphire", "Penny stocks", "Dawn patrol", "Hope index", "Summer sale", "Autumn release", "Iris scanner",
    "Pearl script", "Ivy league", "Holly branch", "Jasper report", "Carol service", "Lily pad", "Forest plot"]
paths = ["/var/log/nginx/access.log", "/etc/systemd/system/api.service", "/opt/app/releases/{v}/bin/server",
    "/usr/local/lib/python3.12/site-packages/django/db/models/query.py", "/home/runner/work/api/api/src/main.ts",
    "C:\\Program Files\\Jenkins\\jenkins.war", "/mnt/data/exports/2025/Q3/ledger.parquet", "s3://acme-logs/prod/{d}/",
    "gs://ml-artifacts/checkpoints/step-{n}/", "/srv/hugo/content/posts/release-{v}.md",
    "/Users/Shared/Jenkins/workspace/build", "~/.cache/huggingface/hub/models--mistralai--Mistral-7B-v0.1"]

N = []
def add(t): N.append(t)
for i in range(12):
    s, s2 = pick(software), pick(software)
    add(f"{s} {ver()} is up to date; {s2} {ver()} has an update ({ver()}).")
    add(f'{{"name": "{s.lower()}", "version": "{ver()}", "license": "{pick(["MIT","Apache-2.0","BSD-3-Clause","MPL-2.0"])}", "sha256": "{hx(64)}"}}')
    add(f"[{ts()}] INFO {s}: job {uuid()} finished in {R.randint(1,900)}.{d(1)}s (exit 0)")
    add(f"Deploying {s.lower()}-{lo(5)} to {pick(regions)}: revision {R.randint(1,400)}, image {s.lower()}:{ver()}@sha256:{hx(12)}")
    add(f"{pick(models)} scored {R.randint(40,95)}.{d(1)} on the eval; {pick(models)} {R.randint(40,95)}.{d(1)} (n={R.randint(100,5000)}).")
    add(f"Asked {pick(assistants)} to set a timer; {pick(assistants)} answered in {R.randint(1,9)}.{d(1)} s.")
    o, o2 = pick(orgs), pick(orgs)
    add(f'{{"company": "{o}", "ticker": "{an(4)}", "price": {R.randint(10,900)}.{d(2)}, "as_of": "{ts()}", "peer": "{o2}"}}')
    add(f"{o} and {o2} filed 10-Q reports on {date()}; revenue {money()}M vs {money()}M a year ago.")
    add(f"Patient education leaflet: {pick(eponyms)} and {pick(eponyms)}. Reviewed {date()}, version {R.randint(1,9)}.")
    add(f"The index uses {pick(eponyms)}; rebuilt {R.randint(1,99)} shards in {R.randint(1,59)} min.")
    p, p2 = pick(places), pick(places)
    add(f"Weather for {p}: {R.randint(-5,38)}°C, wind {R.randint(0,60)} km/h; {p2} tomorrow {R.randint(-5,38)}°C.")
    add(f'{{"datacenter": "{p}", "region": "{pick(regions)}", "latency_ms": {R.randint(1,300)}, "status": "healthy"}}')
    add(f"Flights {an(2)}{R.randint(100,9999)} from {p} to {p2} depart {date()} {R.randint(0,23):02d}:{R.randint(0,59):02d}, fare {money()}.")
    add(f"{pick(storms)} made landfall near {p} on {date()}; insured losses {money()}bn.")
    add(f"{pick(people_words)}: {R.randint(1,500)} items, updated {date()}.")
    add(f"Wrote {R.randint(1,9000)} rows to {pick(paths).format(v=ver(), d=date(), n=R.randint(100,99999))}")
    add(f"Order {d(10)} paid {money()} on {date()}; refund RF-{d(8)} issued, ref {an(10)}.")
    add(f"GET https://api.{lo(6)}.com/v{R.randint(1,3)}/{lo(5)}/{uuid()}?page={R.randint(1,40)}&per_page=100 -> 200 ({R.randint(1,999)} ms)")
    add(f"See https://github.com/{lo(6)}/{pick(software).lower()}/issues/{R.randint(1,40000)} and docs at https://{pick(software).lower()}.readthedocs.io/en/{ver()}/")
    add(f"sha1 {hx(40)}  md5 {hx(32)}  crc32 {hx(8)}  size {R.randint(1,10**9)}")
    add(f"Migration {date().replace('-','')}{R.randint(0,23):02d}{R.randint(0,59):02d}{R.randint(0,59):02d}_add_{lo(6)}_index applied in {R.randint(1,9999)} ms")
    add(f"Invoice {an(3)}-{d(6)} from {o}: {money()} due {date()}, PO {d(7)}, terms Net {pick([15,30,45,60])}.")
    add(f"{s} plugin '{pick(software).lower()}-{lo(4)}' v{ver()} by {o}: {R.randint(10,99999)} installs.")
    add(f"Ticket {an(3)}-{R.randint(1,9999)} moved to Done by automation rule {R.randint(1,99)} at {ts()}.")
    add(f"The {p} office ({o}) opens {date()}; badge range {d(5)}-{d(5)}.")
out = open('dev15.jsonl', 'w')
for i, t in enumerate(N):
    out.write(json.dumps({"id": f"tr{i}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")

given = ["Priya", "Tomasz", "Aoife", "Oluwaseun", "Mei-Ling", "Rafael", "Ingrid", "Dmitri", "Fatima", "Kwame",
    "Siobhan", "Hiroshi", "Chiara", "Mateus", "Leilani", "Bartholomew", "Gráinne", "Anders", "Yusuf", "Camille"]
surname = ["Raman", "Nowak", "Byrne", "Adeyemi", "Chen", "Moreira", "Johansson", "Volkov", "Haddad", "Mensah",
    "O'Sullivan", "Tanaka", "Ferraro", "Oliveira", "Kahale", "Whitcombe", "Ní Bhriain", "Lindqvist", "Demir", "Rousseau"]
P = []
def pos(text, *items): P.append((text, list(items)))
for i in range(8):
    g, s = pick(given), pick(surname); full = f"{g} {s}"
    pos(f'{{"contact_name": "{full}", "account": "{an(8)}", "created": "{ts()}", "plan": "{pick(software)} Pro"}}', ("name", full))
    g2 = pick(given) + " " + pick(surname)
    pos(f"Ticket {an(3)}-{R.randint(1,9999)} assigned to {g2} on {date()} ({pick(software)} {ver()}).", ("name", g2))
    em = f"{g.lower()}.{s.lower().replace(' ','').replace(chr(39),'')}@{lo(6)}.com"
    pos(f"Invoice {an(3)}-{d(6)} for {money()} sent to {em} on {date()}.", ("email", em))
    ph = f"+44 7{d(3)} {d(6)}"
    pos(f'{{"customer": "{full}", "phone": "{ph}", "order": "{d(10)}"}}', ("name", full), ("phone", ph))
    a, b, c = ids.nino(R); nino = f"{a} {b[:2]} {b[2:4]} {b[4:]} {c}"
    pos(f"HR record {d(6)}: NI number {nino}, start {date()}, grade {R.randint(1,9)}.", ("ni", nino))
    dni = "".join(ids.dni(R))
    pos(f'{{"empleado": "{d(5)}", "dni": "{dni}", "alta": "{date()}"}}', ("national_id", dni))
    pps = "".join(ids.pps(R))
    pos(f"Payroll import row {R.randint(1,999)}: PPS {pps}, gross {money()}", ("national_id", pps))
    acc = d(8)
    pos(f"Refund to sort code {d(2)}-{d(2)}-{d(2)}, account number {acc}, amount {money()}.", ("account", acc))
    key = "sk-proj-" + al(48)
    pos(f"[{ts()}] DEBUG {pick(software)} client init with api_key={key} model={pick(models)}", ("secret", key))
    tok = "ghp_" + al(36)
    pos(f"git remote set-url origin https://x-access-token:{tok}@github.com/{lo(6)}/{lo(5)}.git", ("secret", tok))
    g3 = pick(given)
    pos(f"Meeting notes {date()}: {g3} will review the {pick(software)} {ver()} upgrade with {pick(orgs)}.", ("name", g3))
    g4, s4 = pick(given), pick(surname)
    em4 = f"{g4.lower()}@{lo(5)}.io"
    pos(f"Commit {hx(40)}\nAuthor: {g4} {s4} <{em4}>\nDate: {date()}", ("name", f"{g4} {s4}"), ("email", em4))
out = open('dev16.jsonl', 'w')
for i, (t, items) in enumerate(P):
    its = [{"kind": k, "text": x} for k, x in items]
    for it in its:
        assert it["text"] in t, (t, it)
    out.write(json.dumps({"id": f"trp{i}", "locale": "en", "text": t, "pii": its}, ensure_ascii=False) + "\n")
print(len(N), len(P))
