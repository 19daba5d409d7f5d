# Development set dev12 (issue 47, stop 56): harmless machine ids of the shapes agents meet in tool returns, drawn
# at random (fixed seed) by generators written here. Tuned on. Run: python3 tools51/machine_ids.py from redaction-dev.
import json, random, string, uuid, base64, hashlib
R = random.Random(7)
A = string.ascii_letters + string.digits
def rs(n, al=A): return ''.join(R.choice(al) for _ in range(n))
def b32(n): return ''.join(R.choice('abcdefghijklmnopqrstuvwxyz234567') for _ in range(n))
CROCK='0123456789ABCDEFGHJKMNPQRSTVWXYZ'
def ulid(): return ''.join(R.choice(CROCK[:8]) for _ in range(1)) + ''.join(R.choice(CROCK) for _ in range(25))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def u(): return str(uuid.UUID(int=R.getrandbits(128), version=4))
def b64(n): return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()
def bcrypt(): return "$2b$12$" + rs(53, string.ascii_letters+string.digits+'./')
shapes = [
 lambda: f'{{"id": "call_{rs(24)}", "type": "function", "function": {{"name": "get_weather"}}}}',
 lambda: f'tool_use id toolu_01{rs(22)} finished in {R.randint(10,900)} ms',
 lambda: f'{{"id": "chatcmpl-{rs(29)}", "object": "chat.completion", "created": {R.randint(1700000000,1760000000)}}}',
 lambda: f'{{"id": "msg_01{rs(22)}", "type": "message", "role": "assistant"}}',
 lambda: f'request-id: req_{rs(24)}',
 lambda: f'trace_id={h(32)} span_id={h(16)} parent={h(16)}',
 lambda: f'image: ghcr.io/acme/api@sha256:{h(64)}',
 lambda: f'"integrity": "sha512-{b64(64)}"',
 lambda: f'"integrity": "sha1-{b64(20)}"',
 lambda: f'Created customer cus_{rs(14)} and payment intent pi_{rs(24)} (charge ch_{rs(24)}).',
 lambda: f'Subscription sub_{rs(24)} renews; invoice in_{rs(24)}; price price_{rs(24)}.',
 lambda: f'eval id {rs(22, string.ascii_letters+string.digits)} run {rs(22)} done',
 lambda: f'https://docs.google.com/spreadsheets/d/{rs(44, A+"-_")}/edit#gid=0',
 lambda: f'password_hash: {bcrypt()}',
 lambda: f'job {ulid()} queued at 2025-0{R.randint(1,9)}-1{R.randint(0,9)}T10:2{R.randint(0,9)}:00Z',
 lambda: f'pinned bafybei{b32(52)} to IPFS',
 lambda: f'instance i-0{h(16)} in subnet subnet-0{h(16)}, sg-0{h(16)}, vpc-{h(8)}',
 lambda: f'arn:aws:lambda:eu-west-1:{R.randint(10**11,10**12-1)}:function:resize-{rs(6).lower()}',
 lambda: f'Set OPENAI_API_KEY=sk-... (your key here) and ANTHROPIC_API_KEY=<your-key> before running.',
 lambda: f'Replace YOUR_API_KEY with the key from the dashboard; never commit sk-xxxxxxxx.',
 lambda: f'commit {h(40)} (HEAD -> main), parent {h(40)}',
 lambda: f'object {u()} version {u()}',
 lambda: f'{{"session": "{u()}", "user_agent": "Mozilla/5.0", "ts": {R.randint(1700000000000,1760000000000)}}}',
 lambda: f'Paid ${R.randint(1,9999)}.{R.randint(10,99)} on 2025-{R.randint(1,12):02d}-{R.randint(1,28):02d}, reference {rs(10, string.ascii_uppercase+string.digits)}.',
 lambda: f'etag "{h(32)}" last-modified Tue, {R.randint(1,28)} Oct 2025 10:00:00 GMT',
 lambda: f'Your verification code is {R.randint(100000,999999)}; it expires in 10 minutes.',
 lambda: f'nonce={b64(16)} state={rs(32)}',
 lambda: f'blob {h(40)} size {R.randint(100,99999)}',
 lambda: f'Cache key v1-deps-{h(64)} restored',
 lambda: f'upload id {rs(64, A+"-_")} part {R.randint(1,99)}',
 lambda: f'Firebase doc /users/{rs(28)}/orders/{rs(20)}',
 lambda: f'YouTube video {rs(11, A+"-_")} has {R.randint(1,99999)} views',
 lambda: f'MongoDB _id ObjectId("{h(24)}")',
 lambda: f'Kubernetes pod web-{h(10)}-{rs(5, string.ascii_lowercase+string.digits)} uid {u()}',
 lambda: f'Sentry event {h(32)} in release 2.{R.randint(0,40)}.{R.randint(0,9)}',
 lambda: f'Slack message ts {R.randint(1700000000,1760000000)}.{R.randint(100000,999999)} in channel C0{rs(9,string.ascii_uppercase+string.digits)}',
 lambda: f'Twilio SID SM{h(32)} status delivered',
 lambda: f'Datadog trace {R.randint(10**18,10**19-1)} span {R.randint(10**18,10**19-1)}',
 lambda: f'{{"checksum": "{b64(32)}", "algorithm": "sha256"}}',
 lambda: f'Wheel sha256={b64(32).rstrip("=").replace("+","-").replace("/","_")}',
]
out = open('dev12.jsonl','w')
n=0
for rep in range(8):
    for s in shapes:
        out.write(json.dumps({"id": f"ids{n}", "locale": "en", "text": s(), "pii": []})+"\n"); n+=1
print(n)
