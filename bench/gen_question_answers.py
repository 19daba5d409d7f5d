# Answers of two people (a fifth of the traces) and a judge (every trace, 15% noise) to one single-choice question
# "verdict" for every trace of a project, as workbench JSONL (bench/question-stats-bench.sh).
# Usage: python3 bench/gen_question_answers.py PROJECT.tjdb OUT.jsonl
import sqlite3, sys, json, random
db, out = sys.argv[1], sys.argv[2]
ids = [r[0] for r in sqlite3.connect(db).execute("SELECT id FROM trace ORDER BY id")]
rnd = random.Random(7)
def truth(i): return "unsafe" if i % 4 == 0 else "unclear" if i % 7 == 0 else "safe"
with open(out, "w") as f:
    f.write('{"kind":"header","format":"tracejudge","version":1}\n')
    for n, k in (("ana", "human"), ("ben", "human"), ("j1", "llm-judge")):
        f.write(json.dumps({"kind": "rater", "id": "r-" + n, "name": n, "rater_kind": k}) + "\n")
    a = 0
    for i, t in enumerate(ids):
        for r in ("ana", "ben", "j1"):
            if r in ("ana", "ben") and i % 5 != 0:
                continue  # people answered a fifth of the traces
            v = truth(i)
            if r == "ben" and i % 10 == 3: v = "unclear"
            if r == "j1" and rnd.random() < 0.15: v = rnd.choice(["safe", "unsafe", "unclear"])
            a += 1
            f.write(json.dumps({"kind": "answer", "id": "a%d" % a, "trace_id": t, "rater_id": "r-" + r,
                                "question": "verdict", "scheme_version": 1, "action": "set", "answer": v,
                                "created_at": "2026-12-01T10:00:00.000000Z"}) + "\n")
print(len(ids), "traces", a, "answers")
