"""Baseline for the import benchmark: plain json.load + sqlite3 inserts of ToolFailBench results files.

Stores each task once and one row per trace, in one transaction, like `tracejudge import` does.
Usage: python3 bench/import_baseline.py OUT.sqlite FILE...
"""
import json
import os
import sqlite3
import sys

out, files = sys.argv[1], sys.argv[2:]
if os.path.exists(out):
    os.remove(out)
db = sqlite3.connect(out)
db.execute("PRAGMA journal_mode=WAL")
db.execute("CREATE TABLE task(task_id TEXT PRIMARY KEY, body TEXT)")
db.execute("CREATE TABLE trace(model TEXT, task_id TEXT, answer TEXT, tool_calls TEXT, classification TEXT, extra TEXT)")
with db:
    for f in files:
        with open(f, encoding="utf-8") as fh:
            rows = json.load(fh)
        for r in rows:
            t = r["task"]
            db.execute("INSERT OR IGNORE INTO task VALUES (?, ?)", (t["task_id"], json.dumps(t)))
            db.execute("INSERT INTO trace VALUES (?, ?, ?, ?, ?, ?)", (
                r["model_id"], t["task_id"], r.get("agent_answer"), json.dumps(r.get("agent_trace")),
                r.get("classification"), json.dumps(r.get("raw_responses"))))
db.close()
