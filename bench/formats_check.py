#!/usr/bin/env python3
"""Held-out check of the trace importers (issue 34) on real files they were not built against.

Usage: formats_check.py JAR DIR [--json OUT]

DIR holds one sub-folder per format (otlp/, langfuse/, inspect/, atif/, swe-agent/); every file in them
except *.truth.json, manifest.json and *.py is imported, each into a fresh project, with
`java -jar JAR import P FILE --output json`, then exported (`export P -`). Printed per file: imported or
refused (with the message), the detected format, runs, steps, tool calls, results, errors, tokens.

A file X.json with an agentevals truth oracle X.truth.json beside it (schema otel_core.truth/v1) is also
compared with it: user text, final answer, tool calls (name, arguments, is_error) and total tokens, each
marked ok or a short reason. Truth turns are matched to imported runs by user text (a run's user turns);
a truth with content_captured=false checks only names, errors and tokens.

The files are not part of the repository (licences, size): see README "Held-out check" for where they came from.
"""
import json, os, subprocess, sys, tempfile

def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr

def unwrap(v):
    """agentevals compares results after JSON parsing and after unwrapping ADK's {"result": X}."""
    if isinstance(v, str):
        try: v = json.loads(v)
        except Exception: return v
    if isinstance(v, dict) and set(v) == {'result'}: return unwrap(v['result'])
    return v

def own_turns(tr):
    # a session's earlier turns that a run's input repeats are kept as context, badged, and are not the run's
    return [t for t in tr.get('turns', []) if 'earlier turn' not in (t.get('badges') or [])]

def user_texts(tr):
    return [t.get('text') for t in own_turns(tr) if t.get('role') == 'user' and t.get('text')]

def compare(truth, traces, task_by_id):
    """Returns {aspect: 'ok' | reason}."""
    out = {}
    content = truth.get('content_captured', True)
    turns = truth.get('turns', [])
    # match each truth turn to imported runs (a run may carry several turns, a turn one run)
    used = []
    for t in turns:
        ut = t.get('user_text')
        hit = None
        for tr in traces:
            tu = user_texts(tr) + [task_by_id.get(tr['task_id'], {}).get('user_message')]
            if ut is not None and ut in tu: hit = tr; break
        used.append(hit)
    if content:
        miss = [t['user_text'][:30] for t, h in zip(turns, used) if h is None]
        out['user'] = 'ok' if not miss else 'no run with user text %r' % miss[0]
        bad = []
        for t, h in zip(turns, used):
            if h is None: bad.append('no run'); continue
            if len(turns) == 1 or sum(1 for x in used if x is h) == 1:
                ans = h.get('answer')
            else:  # several turns in one run: the assistant text closing the turn
                ans = None; seen = False
                for x in h['turns']:
                    if x.get('role') == 'user' and x.get('text') == t['user_text']: seen = True; ans = None
                    elif x.get('role') == 'user' and seen and x.get('text'): break
                    elif seen and x.get('role') == 'assistant' and x.get('text'): ans = x['text']
            if (ans or '').strip() != (t.get('final_text') or '').strip():
                bad.append('got %r' % (ans or '')[:40])
        out['answer'] = 'ok' if not bad else bad[0]
    want = [c for t in turns for c in t.get('tool_calls', [])]
    got = []
    for tr in traces:
        results = [r for x in own_turns(tr) for r in (x.get('tool_results') or [])]
        for x in own_turns(tr):
            for c in x.get('tool_calls') or []:
                r = next((r for r in results if r.get('call_id') == c.get('id')), None)
                got.append({'name': c.get('name'), 'args': c.get('arguments'), 'is_error': bool(r and r.get('error')),
                            'result': None if r is None else r.get('content')})
    if [c['name'] for c in want] != [c['name'] for c in got]:
        out['tools'] = 'names %s != %s' % ([c['name'] for c in got], [c['name'] for c in want])
    elif content and [unwrap(c['args']) for c in want] != [unwrap(c['args']) for c in got]:
        out['tools'] = 'args differ: %s' % next(str(g['args'])[:60] for w, g in zip(want, got) if unwrap(w['args']) != unwrap(g['args']))
    elif [bool(c.get('is_error')) for c in want] != [c['is_error'] for c in got]:
        out['tools'] = 'is_error %s != %s' % ([c['is_error'] for c in got], [bool(c.get('is_error')) for c in want])
    else:
        out['tools'] = 'ok'
    tok = truth.get('tokens') or {}
    gi = sum(tr.get('extra', {}).get('tokens', {}).get('input', 0) for tr in traces)
    go = sum(tr.get('extra', {}).get('tokens', {}).get('output', 0) for tr in traces)
    out['tokens'] = 'ok' if (gi, go) == (tok.get('input'), tok.get('output')) else '%d/%d != %s/%s' % (gi, go, tok.get('input'), tok.get('output'))
    return out

def check(jar, path):
    row = {'file': path}
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run(['java', '-jar', jar, 'import', 'p.tjdb', path, '--output', 'json'], d)
        if rc != 0:
            row['status'] = 'refused'; row['message'] = (err.strip().splitlines() or ['?'])[-1][:160]; return row
        rep = json.loads(out)['files'][0]
        c = rep.get('contents') or {}
        row.update(status='imported', format=rep.get('format'), runs=c.get('runs', rep['traces']['total']),
                   steps=c.get('steps'), calls=c.get('tool_calls'), results=c.get('tool_results'),
                   errors=c.get('errors'), tokens=c.get('tokens'), labels=rep['labels']['total'],
                   warnings=len(rep.get('warnings') or []))
        truth = path[:-len('.json')] + '.truth.json' if path.endswith('.json') else None
        if truth and os.path.exists(truth):
            rc, out, err = run(['java', '-jar', jar, 'export', 'p.tjdb', '-'], d)
            recs = [json.loads(l) for l in out.splitlines() if l.strip()]
            traces = [r for r in recs if r.get('kind') == 'trace']
            tasks = {r['id']: r for r in recs if r.get('kind') == 'task'}
            row['oracle'] = compare(json.load(open(truth)), traces, tasks)
    return row

def main():
    a = sys.argv[1:]
    if len(a) < 2: sys.exit(__doc__)
    jar, root = os.path.abspath(a[0]), a[1]
    rows = []
    for fmt in sorted(os.listdir(root)):
        sub = os.path.join(root, fmt)
        if not os.path.isdir(sub): continue
        for f in sorted(os.listdir(sub)):
            if f.endswith('.truth.json') or f.endswith('.py') or f == 'manifest.json': continue
            r = check(jar, os.path.join(sub, f)); r['dir'] = fmt; rows.append(r)
            o = r.get('oracle')
            if r['status'] == 'refused':
                line = 'REFUSED  %s' % r['message']
            else:
                t = r['tokens'] or {}
                line = '%-9s runs=%s steps=%s calls=%s results=%s errors=%s tokens=%s/%s labels=%s' % (
                    r['format'], r['runs'], r['steps'], r['calls'], r['results'], r['errors'],
                    t.get('input', '-'), t.get('output', '-'), r['labels'])
                if o: line += '  oracle: ' + ' '.join('%s=%s' % (k, 'ok' if v == 'ok' else 'FAIL(%s)' % v) for k, v in o.items())
            print('%-10s %-58s %s' % (fmt, f[:58], line), flush=True)
    print()
    for fmt in sorted({r['dir'] for r in rows}):
        rs = [r for r in rows if r['dir'] == fmt]; ors = [r for r in rs if r.get('oracle')]
        full = [r for r in ors if all(v == 'ok' for v in r['oracle'].values())]
        print('%-10s files=%d imported=%d refused=%d with-oracle=%d oracle-all-ok=%d' % (
            fmt, len(rs), sum(r['status'] == 'imported' for r in rs), sum(r['status'] == 'refused' for r in rs), len(ors), len(full)))
    if '--json' in a: json.dump(rows, open(a[a.index('--json') + 1], 'w'), indent=1)

if __name__ == '__main__':
    main()
