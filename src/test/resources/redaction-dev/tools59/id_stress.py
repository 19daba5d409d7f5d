# Development set dev18 (issue 47, last false-positive figure, round 59): many random draws (fixed seed) of machine
# ids agents meet in tool returns, in three wrappings each (a JSON tool return, a log line, a sentence), so that rare
# shapes - a digit run inside a random id, a word inside base64, a key-like prefix - show up; plus ids of kinds the
# earlier sets lack (W3C traceparent, UUIDv1/v7, upper-case GUIDs, KSUIDs, nanoids, CUIDs, Snowflake and Discord ids,
# base58 CIDv0, Azure and GCP paths, Stripe ids of more objects, OpenAI file/batch/thread/run/assistant ids, Anthropic
# batch ids, Git short SHAs, Docker container ids, Terraform and Vault lease ids). Written here, tuned on.
# Run from src/test/resources/redaction-dev: python3 tools59/id_stress.py
import json, random, string
R = random.Random(5959)
A = string.ascii_letters + string.digits
def rs(n, al=A): return ''.join(R.choice(al) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def H(n): return h(n).upper()
def b64(n):
    import base64
    return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()
def b64u(n): return b64(n).rstrip('=').replace('+', '-').replace('/', '_')
def uuid4(): return f"{h(8)}-{h(4)}-4{h(3)}-{R.choice('89ab')}{h(3)}-{h(12)}"
def uuid1(): return f"{h(8)}-{h(4)}-1{h(3)}-{R.choice('89ab')}{h(3)}-{h(12)}"
def uuid7(): return f"01{h(6)}-{h(4)}-7{h(3)}-{R.choice('89ab')}{h(3)}-{h(12)}"
CROCK = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
def ulid(): return '01' + ''.join(R.choice(CROCK) for _ in range(24))
SHORT = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
def b32(n): return rs(n, 'abcdefghijklmnopqrstuvwxyz234567')
def bcrypt(): return f"$2{R.choice('aby')}${R.choice(['10','12','14'])}$" + rs(53, A + './')
def date(): return f"20{R.randint(22,26)}-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
def ts(): return f"{date()}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}Z"
def epoch(): return str(R.randint(1700000000, 1780000000))
def stripe(p, n=24): return p + rs(n)
IDS = [
    ("uuid", uuid4), ("uuid1", uuid1), ("uuid7", uuid7), ("guid", lambda: '{' + uuid4().upper() + '}'),
    ("sha", lambda: h(40)), ("short_sha", lambda: h(R.choice([7, 8, 10, 12]))),
    ("call", lambda: 'call_' + rs(24)), ("toolu", lambda: 'toolu_01' + rs(22)),
    ("toolu_vrtx", lambda: 'toolu_vrtx_01' + rs(22)), ("chatcmpl", lambda: 'chatcmpl-' + rs(29)),
    ("msg", lambda: 'msg_01' + rs(22)), ("req", lambda: 'req_011C' + rs(20)), ("req_openai", lambda: 'req_' + h(32)),
    ("trace", lambda: h(32)), ("span", lambda: h(16)), ("traceparent", lambda: f"00-{h(32)}-{h(16)}-01"),
    ("xray", lambda: f"1-{h(8)}-{h(24)}"), ("digest", lambda: 'sha256:' + h(64)),
    ("sri512", lambda: 'sha512-' + b64(64)), ("sri384", lambda: 'sha384-' + b64(48)), ("sri1", lambda: 'sha1-' + b64(20)),
    ("cus", lambda: stripe('cus_', 14)), ("pi", lambda: stripe('pi_3') + '_secret_' + rs(25) if False else stripe('pi_3')),
    ("ch", lambda: stripe('ch_3')), ("evt", lambda: stripe('evt_1')), ("prod", lambda: stripe('prod_', 14)),
    ("price", lambda: stripe('price_1')), ("in", lambda: stripe('in_1')), ("sub", lambda: stripe('sub_1')),
    ("pm", lambda: stripe('pm_1')), ("acct", lambda: 'acct_1' + rs(15)), ("txn", lambda: stripe('txn_1')),
    ("re", lambda: stripe('re_3')), ("cs_test", lambda: 'cs_test_a1' + rs(56)), ("po", lambda: stripe('po_1')),
    ("shortuuid", lambda: rs(22, SHORT)), ("sheet", lambda: '1' + rs(43, A + '-_')),
    ("bcrypt", bcrypt), ("ulid", ulid), ("cidv1", lambda: 'bafybei' + b32(52)), ("cidv0", lambda: 'Qm' + rs(44, B58)),
    ("ec2", lambda: 'i-0' + h(16)), ("vol", lambda: 'vol-0' + h(16)), ("snap", lambda: 'snap-0' + h(16)),
    ("ami", lambda: 'ami-0' + h(16)), ("eni", lambda: 'eni-0' + h(16)), ("sg", lambda: 'sg-0' + h(16)),
    ("arn", lambda: f"arn:aws:s3:::{rs(8, string.ascii_lowercase)}-{h(6)}/{rs(10)}.json"),
    ("arn_role", lambda: f"arn:aws:iam::{R.randint(10**11, 10**12-1)}:role/{R.choice(['deploy','ci','lambda-exec'])}-{h(6)}"),
    ("ksuid", lambda: rs(27)), ("nanoid", lambda: rs(21, A + '_-')), ("cuid", lambda: 'c' + rs(24, string.ascii_lowercase + string.digits)),
    ("cuid2", lambda: rs(24, string.ascii_lowercase + string.digits)), ("snowflake", lambda: str(R.randint(10**17, 10**19 - 1))),
    ("objectid", lambda: h(24)), ("container", lambda: h(64)), ("container12", lambda: h(12)),
    ("file", lambda: 'file-' + rs(22)), ("batch", lambda: 'batch_' + h(32)), ("thread", lambda: 'thread_' + rs(24)),
    ("run", lambda: 'run_' + rs(24)), ("asst", lambda: 'asst_' + rs(24)), ("msgbatch", lambda: 'msgbatch_01' + rs(22)),
    ("vs", lambda: 'vs_' + rs(24)), ("resp", lambda: 'resp_' + h(48)),
    ("azure", lambda: f"/subscriptions/{uuid4()}/resourceGroups/rg-{rs(6, string.ascii_lowercase)}/providers/Microsoft.Web/sites/app-{h(6)}"),
    ("gcp", lambda: f"projects/{rs(6, string.ascii_lowercase)}-{R.randint(100000,999999)}/locations/europe-west1/jobs/{h(12)}"),
    ("vault_lease", lambda: f"database/creds/readonly/{rs(24)}"), ("tf", lambda: f"{h(8)}-{h(4)}-{h(4)}-{h(4)}-{h(12)}"),
    ("etag", lambda: '"' + h(32) + '"'), ("wetag", lambda: 'W/"' + h(8) + '-' + b64u(20) + '"'),
    ("md5", lambda: h(32)), ("sha1b64", lambda: b64(20)), ("sha256b64", lambda: b64(32)), ("b64url", lambda: b64u(R.choice([16, 24, 32]))),
    ("hf_rev", lambda: h(40)), ("wandb", lambda: rs(8, string.ascii_lowercase + string.digits)),
    ("mlflow", lambda: h(32)), ("slack_ts", lambda: f"{epoch()}.{R.randint(100000,999999)}"),
    ("channel", lambda: 'C0' + rs(9, string.ascii_uppercase + string.digits)), ("user_slack", lambda: 'U0' + rs(9, string.ascii_uppercase + string.digits)),
    ("twilio", lambda: 'SM' + h(32)), ("twilio_call", lambda: 'CA' + h(32)), ("sendgrid", lambda: rs(22, A + '-_') + '.filter' + str(R.randint(1000, 9999)) + 'p1mdw1-' + str(R.randint(1000, 99999))),
    ("youtube", lambda: rs(11, A + '-_')), ("firebase", lambda: rs(20)), ("docker_short", lambda: h(12)),
    ("pod", lambda: f"api-{h(10)}-{rs(5, string.ascii_lowercase + string.digits)}"),
    ("k8s_uid", uuid4), ("npm_tarball", lambda: f"https://registry.npmjs.org/{rs(6, string.ascii_lowercase)}/-/{rs(6, string.ascii_lowercase)}-{R.randint(0,9)}.{R.randint(0,30)}.{R.randint(0,9)}.tgz"),
    ("pypi_hash", lambda: 'sha256:' + h(64)), ("go_sum", lambda: 'h1:' + b64(32)),
    ("cargo", lambda: h(64)), ("ipfs_path", lambda: '/ipfs/bafkrei' + b32(52)),
    ("order_ref", lambda: rs(3, string.ascii_uppercase) + '-' + str(R.randint(100000, 99999999))),
    ("booking", lambda: rs(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')), ("invoice", lambda: f"INV-{R.randint(2022,2026)}-{R.randint(1,99999):05d}"),
    ("ticket", lambda: f"{rs(R.choice([2,3,4]), string.ascii_uppercase)}-{R.randint(1,99999)}"),
    ("sentry", lambda: h(32)), ("datadog", lambda: str(R.randint(10**18, 2**63 - 1))),
    ("otel_json", lambda: b64(16)), ("jaeger", lambda: h(16) + ':' + h(16) + ':0:1'),
]
KEYS = ["id", "request_id", "trace_id", "object_id", "ref", "run_id", "item_id", "hash", "digest", "checksum", "etag",
        "external_id", "correlation_id", "idempotency_key", "resource", "session_id", "event_id", "cursor", "next_page"]
def wrap(name, v):
    k = R.choice(KEYS)
    c = R.randrange(6)
    if c == 0:
        return f'tool_result: {{"{k}": "{v}", "status": "{R.choice(["ok","done","queued","succeeded"])}", "created_at": "{ts()}"}}'
    if c == 1:
        return f'{ts()} INFO {R.choice(["worker","api","scheduler","sync","uploader"])}: {k}={v} took {R.randint(2,9000)}ms'
    if c == 2:
        return f'{{"data": [{{"{k}": "{v}", "count": {R.randint(0,500)}}}], "has_more": {R.choice(["true","false"])}}}'
    if c == 3:
        return f'The {R.choice(["identifier","reference","value","key in the log","record"])} for this run is {v}; it finished on {date()}.'
    if c == 4:
        return f'{k}: {v}\nstatus: {R.choice(["200 OK","201 Created","202 Accepted"])}\nelapsed: {R.randint(1,999)} ms'
    return f'Here is the result: {v} ({R.choice(["copied","saved","logged","noted"])} for the ticket).'
T = []
for rep in range(9):
    for name, f in IDS:
        T.append((name, wrap(name, f())))
out = open('dev18.jsonl', 'w')
for i, (name, t) in enumerate(T):
    out.write(json.dumps({"id": f"st{i}-{name}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
