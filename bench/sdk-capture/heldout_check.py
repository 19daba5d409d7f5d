#!/usr/bin/env python3
"""Checks the held-out SDK captures (heldout.sh) as Tracejudge reads them.

For each SDK: imports every request file of /tmp/heldout-captures/<sdk>/ (not the .meta.json side files) in one
`tracejudge import` (format auto) into /tmp/h-<sdk>.tjdb, exports it as JSONL, and compares every run with what
heldout/script.js says it holds (`node heldout/script.js` prints it): one trace per run (found by its first user
message), the user messages in order, each call (name, arguments, id), each result (its content; the failing tool's
result marked as an error and holding the error text), the assistant's texts and the final answer, unicode intact.
Prints per SDK "runs right N/M" and each wrong field with what was read and what was expected; also how many runs
are right but for the failing tool's error mark (some SDK set-ups record no error anywhere: the agent only passes
the error text back to the model, so there is nothing to read it from).

Usage: python3 bench/sdk-capture/heldout_check.py [--captures DIR] [--tracejudge PATH] [--keep] [SDK ...]
Exit 0 when every run of every SDK checked is right, else 1.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SDKS = ["traceloop", "traceloop-json", "openinference", "otel-openai", "langfuse-otel", "langfuse-v3"]


def short(v, n=160):
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
    return s if len(s) <= n else s[: n - 1] + "…"


def expected_runs():
    out = subprocess.run(["node", os.path.join(HERE, "heldout", "script.js")], check=True, capture_output=True)
    return json.loads(out.stdout.decode("utf-8"))


def import_and_export(tj, sdk, captures):
    files = sorted(f for f in glob.glob(os.path.join(captures, sdk, "*")) if not f.endswith(".meta.json"))
    if not files:
        return None, f"no captured files in {os.path.join(captures, sdk)}"
    db = f"/tmp/h-{sdk}.tjdb"
    for f in glob.glob(db + "*"):
        os.remove(f)
    imp = subprocess.run([tj, "import", db] + files, capture_output=True)
    log = (imp.stdout + imp.stderr).decode("utf-8", "replace")
    if imp.returncode != 0:
        return None, f"import exit {imp.returncode}: " + log.strip().splitlines()[-1] if log.strip() else ""
    exp = subprocess.run([tj, "export", db, "-"], capture_output=True)
    if exp.returncode != 0:
        return None, "export failed: " + exp.stderr.decode("utf-8", "replace")
    rows = [json.loads(line) for line in exp.stdout.decode("utf-8").splitlines() if line.strip()]
    return rows, log


def user_texts(trace):
    return [t.get("text") for t in trace.get("turns", []) if t.get("role") == "user"]


def check_run(run, traces):
    """Returns the list of wrong fields (field, read, expected) for one expected run."""
    wrong = []
    first = run["users"][0]
    mine = [t for t in traces if (user_texts(t) or [None])[0] == first]
    if len(mine) != 1:
        near = [t for t in traces if first in json.dumps(t, ensure_ascii=False)]
        wrong.append(("trace", f"{len(mine)} traces start with this user message"
                      + (f" ({len(near)} hold it elsewhere)" if near and not mine else ""), "1"))
        if not mine:
            return wrong
    t = mine[0]
    users = user_texts(t)
    if users != run["users"]:
        wrong.append(("user messages", users, run["users"]))
    calls = t.get("tool_calls", [])
    want_calls = [{"name": c["name"], "arguments": c["arguments"]} for c in run["calls"]]
    got_calls = [{"name": c.get("name"), "arguments": c.get("arguments")} for c in calls]
    if got_calls != want_calls:
        wrong.append(("calls (name, arguments)", got_calls, want_calls))
    else:
        ids = [c.get("id") for c in calls]
        want_ids = [c["id"] for c in run["calls"]]
        if ids != want_ids:
            wrong.append(("call ids", ids, want_ids))
    results = [r for turn in t.get("turns", []) for r in turn.get("tool_results", [])]
    if len(results) != len(run["calls"]):
        wrong.append(("results (count)", [short(r.get("content")) for r in results], [short(c["result"]) for c in run["calls"]]))
    for i, (r, c) in enumerate(zip(results, run["calls"])):
        where = f"result {i + 1} ({c['name']} {c['id']})"
        content = r.get("content")
        if c["error"]:
            text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
            if "unknown currency: XYZ" not in (text or ""):
                wrong.append((where + " text", content, c["result"]))
            if not r.get("error"):
                wrong.append((where + " marked as error", r.get("error", False), True))
        else:
            if content != c["result"]:
                wrong.append((where, short(content), short(c["result"])))
            if r.get("error"):
                wrong.append((where + " marked as error", True, False))
        if r.get("call_id") not in (c["id"], None) and content == c["result"]:
            wrong.append((where + " call_id", r.get("call_id"), c["id"]))
    texts = [x.get("text") for x in t.get("turns", []) if x.get("role") == "assistant" and x.get("text")]
    if texts != run["answers"]:
        wrong.append(("assistant texts", texts, run["answers"]))
    if t.get("answer") != run["answer"]:
        wrong.append(("answer", t.get("answer"), run["answer"]))
    return wrong


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--captures", default="/tmp/heldout-captures")
    ap.add_argument("--tracejudge", default=os.path.join(ROOT, "tracejudge"))
    ap.add_argument("--verbose", action="store_true", help="print the import log too")
    ap.add_argument("sdks", nargs="*", default=SDKS)
    a = ap.parse_args()
    runs = expected_runs()
    all_right = True
    table = []
    for sdk in a.sdks:
        rows, log = import_and_export(a.tracejudge, sdk, a.captures)
        print(f"== {sdk}")
        if a.verbose and log:
            print(log.rstrip())
        if rows is None:
            print(f"  runs right 0/{len(runs)}: {log}")
            table.append((sdk, 0, len(runs), 0))
            all_right = False
            continue
        traces = [r for r in rows if r.get("kind") == "trace"]
        right = 0
        but_mark = 0
        for run in runs:
            wrong = check_run(run, traces)
            if not wrong:
                right += 1
                continue
            if all(field.endswith("marked as error") for field, _, _ in wrong):
                but_mark += 1
            for field, got, want in wrong:
                print(f"  {run['name']}: {field}: read {short(got, 400)}; expected {short(want, 400)}")
        firsts = {r["users"][0] for r in runs}
        extra = [t for t in traces if (user_texts(t) or [None])[0] not in firsts]
        for t in extra:
            print(f"  extra trace (no run starts with its user message): users {short(user_texts(t))}, "
                  f"calls {short([c.get('name') for c in t.get('tool_calls', [])])}, answer {short(t.get('answer'))}")
        print(f"  runs right {right}/{len(runs)}" + (f", {len(extra)} extra traces" if extra else "")
              + (f" ({but_mark} more right but for the error mark)" if but_mark else ""))
        table.append((sdk, right, len(runs), but_mark))
        all_right &= right == len(runs) and not extra
    print()
    print("| SDK | held-out runs right | right but for the error mark |")
    print("|---|---|---|")
    for sdk, right, n, but_mark in table:
        print(f"| {sdk} | {right}/{n} | {right + but_mark}/{n} |")
    return 0 if all_right else 1


if __name__ == "__main__":
    sys.exit(main())
