# Development set dev14 (issue 47, last false-positive figure): harmless text agents really meet, drawn from real
# data in ../shared/corpora (not written here): the mock tool returns of the ToolFailBench v5 cybersecurity, finance
# and medical tasks (Apache-2.0, toolfailbench-v5/LICENSE), one whole return a message as an agent receives it, and
# the string values of the formats/ trace files (MIT or Apache-2.0, each file's source in formats/README.md) of 30
# characters or more. Legal and real-estate returns are left out: they name parties and property addresses, which the
# annotation contract counts as personal. Returns that name a real person as a person are listed in PEOPLE below
# with the reason and left out, so every message here is harmless. Tuned on.
# Run from src/test/resources/redaction-dev: python3 tools58/corpus_returns.py [CORPORA] (fixed order, byte for byte).
import json, glob, os, sys, zipfile
C = sys.argv[1] if len(sys.argv) > 1 else '../../../../../shared/corpora'
# task ids whose return holds an item by the contract (a real person named as a person: an executive, an author;
# a routable IP address): they are not harmless messages.
PEOPLE = {
    'OF-FIN-004': 'Form 4 filing naming a CFO', 'OF-FIN-028': 'Form 4 filings naming a CEO, CFO and director',
    'OF-MED-040': 'paper authors', 'OF-MED-041': 'paper authors',
    # a public IP address of a connection or an indicator: the contract counts every routable address as an item
    'RI-SEC-008': 'IP address', 'RI-SEC-014': 'IP address of a failed login', 'OF-SEC-018': 'IP address of a connection'}
# strings of the formats/ files that hold something personal by the contract (a name typed into a form, a user's
# home folder, an e-mail address): redacting them is right, so they are no harmless message.
PERSONAL = ['"Norah"', '/Users/jannik', 'admin@kagent.dev']
T = []
for dom in ['cybersecurity', 'finance', 'medical']:
    for t in json.load(open(f'{C}/toolfailbench-v5/{dom}/tasks.json'))['tasks']:
        r = t.get('mock_tool_return')
        if r is None or t['task_id'] in PEOPLE:
            continue
        T.append((f"tfb-{t['task_id']}", json.dumps(r, ensure_ascii=False)))
def strings(x, out):
    if isinstance(x, str):
        s = x.strip()
        if s[:1] in '{[':
            try:
                strings(json.loads(s), out); return
            except ValueError:
                pass
        if len(s) >= 30 and len(s) <= 2000:
            out.append(s)
    elif isinstance(x, dict):
        for v in x.values(): strings(v, out)
    elif isinstance(x, list):
        for v in x: strings(v, out)
seen = set()
for f in sorted(glob.glob(f'{C}/formats/**/*', recursive=True)):
    if os.path.isdir(f) or f.endswith('.md'):
        continue
    docs = []
    if f.endswith('.eval'):
        with zipfile.ZipFile(f) as z:
            for n in sorted(z.namelist()):
                if n.endswith('.json'):
                    docs.append(json.loads(z.read(n)))
    else:
        try:
            docs.append(json.load(open(f)))
        except ValueError:
            docs.extend(json.loads(l) for l in open(f) if l.strip())
    out = []
    for d in docs:
        strings(d, out)
    base = os.path.basename(f)
    for i, s in enumerate(out):
        if s in seen or any(p in s for p in PERSONAL):
            continue
        seen.add(s)
        T.append((f"fmt-{base}-{i}", s))
with open('dev14.jsonl', 'w') as o:
    for i, t in T:
        o.write(json.dumps({"id": i, "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
