#!/usr/bin/env python3
"""Writes generated agent-trace files for bench/agent-import-bench.sh, shaped like the real files in
../shared/corpora/formats/ (their README gives the field-by-field mapping; nothing is copied from them).

  langfuse    OUT.json   one JSON array of Langfuse "download trace" exports ({trace, observations}), each like the
                         Claude Agent SDK export: a conversation SPAN, 4 GENERATIONs, 2 TOOLs, observations out of
                         time order, input/output/metadata as JSON strings (~0.7 kB OpenTelemetry attributes), 3 scores.
  inspect     OUT.json   one Inspect EvalLog (version 2) with its samples inline, each like the browser log: user ->
                         assistant tool call -> tool result (2-7 kB page text) x 3-4 -> answer, and the events that
                         make up most of a real log (model events repeating the input, tool list and provider call).
  inspect-eval OUT.eval  the same samples as an Inspect .eval zip (version 3): header.json, _journal/start.json,
                         summaries.json, reductions.json, samples/N_epoch_1.json with attachment:// references.
  atif        OUT_DIR/   ATIF-v1.5 trajectory.json files like the OpenHands golden trajectory (system prompt, user
                         task, agent steps with tool_calls and observation results on the same step, metrics).
  swe-agent   OUT_DIR/   .traj files like the function-calling SWE-agent run (history with tool_calls and tool
                         messages, trajectory steps, info with a diff submission, replay_config).

Usage: gen_agent_formats.py FORMAT OUT MEGABYTES   (prints the number of runs written)
"""
import json
import os
import random
import sys
import zipfile

WORDS = ("the of and to in is that for it as with was on be by this are from at or an but not have which "
         "file function value error result test model tool call return page link button heading text list item "
         "Tokyo Berlin weather temperature python import def class self repo issue patch diff line").split()


def text(rnd, n):
    """About n characters of prose with some punctuation, quotes and line ends (escapes, as real text has)."""
    out = []
    size = 0
    while size < n:
        w = rnd.choice(WORDS)
        r = rnd.random()
        if r < 0.04:
            w += ".\n"
        elif r < 0.07:
            w = '"' + w + '"'
        elif r < 0.09:
            w += ","
        out.append(w)
        size += len(w) + 1
    return " ".join(out)


def page(rnd, n):
    """An accessibility tree / terminal listing like the tool outputs in the Inspect browser log."""
    lines = []
    size = 0
    i = 0
    while size < n:
        kind = rnd.choice(["link", "StaticText", "button", "heading", "listitem"])
        line = "[%d] %s \"%s\"" % (i, kind, text(rnd, rnd.randint(10, 70)).replace("\n", " ").replace('"', ""))
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


def hexid(rnd, n):
    return "%0*x" % (n, rnd.getrandbits(n * 4))


def short_id(rnd):
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    return "".join(rnd.choice(alphabet) for _ in range(22))


def iso(t):
    return "2025-12-22T10:%02d:%02d.%03dZ" % ((t // 60000) % 60, (t // 1000) % 60, t % 1000)


# ---- Langfuse

def langfuse_trace(i, rnd):
    tid = hexid(rnd, 32)
    root = hexid(rnd, 16)
    t0 = rnd.randint(0, 3_000_000)
    cities = rnd.sample(["Berlin", "New York", "Tokyo", "Lima", "Oslo", "Accra"], 2)
    question = "What's the weather like in %s and %s? %s" % (cities[0], cities[1], text(rnd, rnd.randint(20, 300)))
    meta_attrs = {"gen_ai.system": "anthropic", "gen_ai.request.model": "claude-sonnet-4-5-20250929",
                  "langsmith.span.kind": "llm", "langsmith.trace.session_name": "default",
                  "langsmith.metadata.LANGSMITH_OTEL_ENABLED": "true", "langsmith.metadata.ls_model_name":
                  "claude-sonnet-4-5-20250929"}
    resource = {"telemetry.sdk.language": "python", "telemetry.sdk.name": "opentelemetry",
                "telemetry.sdk.version": "1.37.0", "service.name": "unknown_service"}

    def meta(extra):
        return json.dumps({"attributes": dict(meta_attrs, **extra), "resourceAttributes": resource,
                           "scope": {"name": "langsmith", "attributes": {}}})

    def obs(oid, parent, typ, name, start, inp, outp, **kw):
        o = {"id": oid, "traceId": tid, "startTime": iso(start), "endTime": iso(start + 900), "projectId":
             "cloramnkj0002jz088vzn1ja4", "parentObservationId": parent, "type": typ, "environment": "default",
             "name": name, "level": "DEFAULT", "statusMessage": None, "version": None, "createdAt": iso(start + 5000),
             "updatedAt": iso(start + 5000), "input": inp, "output": outp, "model": None, "internalModelId": None,
             "modelParameters": {}, "completionStartTime": None, "promptId": None, "promptName": None,
             "promptVersion": None, "latency": 0.9, "timeToFirstToken": None, "usageDetails": {}, "costDetails": {},
             "providedCostDetails": {}, "inputCost": None, "outputCost": None, "totalCost": None, "inputUsage": 0,
             "outputUsage": 0, "totalUsage": 0, "usagePricingTierId": None, "usagePricingTierName": None,
             "toolDefinitions": {}, "toolCalls": [], "toolCallNames": [], "metadata": meta({"gen_ai.operation.name":
                                                                                          typ.lower()})}
        o.update(kw)
        return o

    def generation(start, inp, content, calls):
        tin, tout = rnd.randint(5, 3000), rnd.randint(20, 400)
        return obs(hexid(rnd, 16), root, "GENERATION", "claude.assistant.turn", start, json.dumps(inp),
                   json.dumps({"content": content, "role": "assistant"}), model="claude-sonnet-4-5-20250929",
                   internalModelId="c5qmrqolku82tra3vgdixmys", usageDetails={"input": tin, "output": tout,
                                                                              "total": tin + tout},
                   costDetails={"input": tin * 3e-6, "output": tout * 1.5e-5, "total": tin * 3e-6 + tout * 1.5e-5},
                   inputUsage=tin, outputUsage=tout, totalUsage=tin + tout,
                   toolCalls=[json.dumps({"id": c["id"], "arguments": json.dumps(c["input"]), "type": "tool_use",
                                          "index": k}) for k, c in enumerate(calls)],
                   toolCallNames=[c["name"] for c in calls])

    o = [obs(root, None, "SPAN", "claude.conversation", t0, json.dumps({"prompt": question}), None)]
    history = [{"role": "user", "content": question}]
    t = t0 + 10
    for city in cities:
        call = {"type": "tool_use", "id": "toolu_" + short_id(rnd), "name": "mcp__weather__get_weather",
                "input": {"city": city}}
        o.append(generation(t, history, [{"type": "text", "text": text(rnd, rnd.randint(40, 200))}, call], [call]))
        result = {"city": city, "temperature": rnd.randint(-5, 35), "conditions": text(rnd, rnd.randint(30, 400))}
        o.append(obs(hexid(rnd, 16), root, "TOOL", "mcp__weather__get_weather", t + 1000, json.dumps(call["input"]),
                     json.dumps({"content": [{"type": "text", "text": json.dumps(result)}]})))
        history = history + [{"role": "assistant", "content": [call]},
                             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call["id"],
                                                           "content": json.dumps(result)}]}]
        t += 4000
    answer = text(rnd, rnd.randint(200, 1500))
    o.append(generation(t, history, [{"type": "text", "text": answer}], []))
    o.append(generation(t + 3000, [{"role": "user", "content": "Summarise the conversation title."}],
                        [{"type": "text", "text": "Weather in " + " and ".join(cities)}], []))
    scores = [{"id": hexid(rnd, 32), "projectId": "cloramnkj0002jz088vzn1ja4", "environment": "default", "name": name,
               "value": float(rnd.randint(0, 1)), "source": "EVAL", "authorUserId": None, "comment": text(rnd, 120),
               "configId": None, "queueId": None, "executionTraceId": None, "createdAt": iso(t + 9000),
               "updatedAt": iso(t + 9000), "timestamp": iso(t + 9000), "traceId": tid, "sessionId": None,
               "datasetRunId": None, "observationId": None, "longStringValue": "", "stringValue": None,
               "dataType": "NUMERIC", "metadata": {}} for name in ("correctness", "hallucination", "toxicity")]
    summaries = [{k: v for k, v in x.items() if k not in ("input", "output", "metadata")} for x in o]
    rnd.shuffle(o)  # Langfuse exports are not in time order
    trace = {"id": tid, "projectId": "cloramnkj0002jz088vzn1ja4", "name": "claude.conversation", "timestamp": iso(t0),
             "environment": "default", "tags": [], "bookmarked": False, "release": None, "version": None,
             "userId": None, "sessionId": "session-%d" % (i // 5), "public": False,
             "input": json.dumps({"prompt": question}), "output": json.dumps({"content": answer}),
             "createdAt": iso(t0), "updatedAt": iso(t + 9000), "metadata": meta({}), "scores": scores,
             "corrections": [], "latency": (t - t0) / 1000, "observations": summaries}
    return {"trace": trace, "observations": o}


def gen_langfuse(out, target, rnd):
    i = 0
    written = 1
    with open(out, "w", encoding="utf-8") as f:
        f.write("[")
        while written < target:
            s = json.dumps(langfuse_trace(i, rnd), indent=2)
            f.write(("," if i else "") + "\n" + s)
            written += len(s) + 2
            i += 1
        f.write("\n]\n")
    return i


# ---- Inspect

BROWSER_TOOLS = [{"name": n, "description": text(random.Random(k), 600), "parameters": {
    "type": "object", "properties": {"element_id": {"type": "integer", "description": "the element's id"},
                                     "url": {"type": "string", "description": "the address"}},
    "required": ["element_id"], "additionalProperties": False}}
    for k, n in enumerate(["web_browser_go", "web_browser_click", "web_browser_type", "web_browser_scroll",
                           "web_browser_back", "web_browser_forward", "web_browser_refresh"])]


def inspect_sample(i, rnd, v3):
    stamp = "2025-05-12T20:27:%02d.%06d-04:00" % (i % 60, rnd.randint(0, 999999))
    attachments = {}

    def att(s):
        if not v3 or len(s) < 100:
            return s
        h = hexid(rnd, 32)
        attachments[h] = s
        return "attachment://" + h

    question = "Use the web browser to find out what the organisation at https://www.example-%d.org does. %s" % (
        i, text(rnd, rnd.randint(50, 250)))
    messages = [{"id": short_id(rnd), "content": question, "source": "input", "role": "user"}]
    events = [{"timestamp": stamp, "working_start": 0.0, "event": "sample_init", "sample": {
        "input": question, "target": "", "id": i}, "state": {"messages": list(messages)}}]
    usage_in = usage_out = 0
    for k in range(rnd.randint(3, 4)):
        cid = "call_" + short_id(rnd)
        fn, args = ("web_browser_go", {"url": "https://www.example-%d.org/" % i}) if k == 0 else \
            ("web_browser_click", {"element_id": rnd.randint(1, 400)})
        assistant = {"id": short_id(rnd), "content": "", "source": "generate", "role": "assistant",
                     "tool_calls": [{"id": cid, "function": fn, "arguments": args}], "model": "gpt-4o-mini-2024-07-18"}
        tin, tout = rnd.randint(800, 6000), rnd.randint(10, 40)
        usage_in += tin
        usage_out += tout
        events.append({"span_id": hexid(rnd, 32), "timestamp": stamp, "working_start": 1.0 + k, "event": "model",
                       "model": "openai/gpt-4o-mini", "input": [dict(m, content=att(m["content"]))
                                                                if isinstance(m["content"], str) else m
                                                                for m in messages],
                       "tools": BROWSER_TOOLS, "tool_choice": "auto", "config": {"max_tokens": 4096},
                       "output": {"model": "gpt-4o-mini-2024-07-18", "choices": [{"message": assistant,
                                                                                   "stop_reason": "tool_calls"}],
                                  "usage": {"input_tokens": tin, "output_tokens": tout, "total_tokens": tin + tout,
                                            "input_tokens_cache_read": 1024, "reasoning_tokens": 0},
                                  "time": rnd.random()},
                       "call": {"request": {"messages": [{"role": m["role"], "content": att(m["content"])
                                                          if isinstance(m["content"], str) else m["content"]}
                                                         for m in messages], "tools": [{"type": "function",
                                                                                        "function": t}
                                                                                       for t in BROWSER_TOOLS],
                                            "model": "gpt-4o-mini"},
                                "response": {"id": "chatcmpl-" + short_id(rnd), "choices": [{"index": 0, "message": {
                                    "role": "assistant", "tool_calls": [{"id": cid, "type": "function", "function": {
                                        "name": fn, "arguments": json.dumps(args)}}]}, "finish_reason": "tool_calls"}]}},
                       "completed": stamp, "working_time": rnd.random()})
        messages.append(assistant)
        result = page(rnd, rnd.randint(1500, 7000))
        messages.append({"id": short_id(rnd), "content": att(result), "role": "tool", "tool_call_id": cid,
                         "function": fn, "error": None})
        events.append({"span_id": hexid(rnd, 32), "timestamp": stamp, "working_start": 1.5 + k, "event": "tool",
                       "type": "function", "id": cid, "function": fn, "arguments": args, "result": att(result),
                       "events": [], "completed": stamp, "working_time": rnd.random()})
        events.append({"timestamp": stamp, "working_start": 1.6 + k, "event": "state", "changes": [
            {"op": "add", "path": "/messages/%d" % (len(messages) - 1), "value": {"role": "tool"}}]})
    answer = text(rnd, rnd.randint(400, 1400))
    final = {"id": short_id(rnd), "content": answer, "source": "generate", "role": "assistant",
             "model": "gpt-4o-mini-2024-07-18"}
    messages.append(final)
    events.append({"timestamp": stamp, "working_start": 9.0, "event": "score", "score": {
        "value": "C", "answer": answer[:80], "explanation": text(rnd, 300)}})
    sample = {"id": i, "epoch": 1, "input": question, "target": "AI safety", "messages": messages,
              "output": {"model": "gpt-4o-mini-2024-07-18", "choices": [{"message": final, "stop_reason": "stop"}],
                         "usage": {"input_tokens": usage_in, "output_tokens": usage_out,
                                   "total_tokens": usage_in + usage_out}, "completion": answer},
              "scores": {"includes": {"value": rnd.choice(["C", "I"]), "answer": answer[:200],
                                      "explanation": text(rnd, 400)}},
              "metadata": {}, "store": {"web_browser:main:session": hexid(rnd, 32)}, "events": events,
              "model_usage": {"openai/gpt-4o-mini": {"input_tokens": usage_in, "output_tokens": usage_out,
                                                     "total_tokens": usage_in + usage_out}},
              "total_time": 12.3, "working_time": 10.1, "uuid": short_id(rnd), "error_retries": [],
              "attachments": attachments}
    return sample


def inspect_header(version, samples):
    return {"version": version, "status": "success", "eval": {
        "run_id": "bench-run", "created": "2025-05-12T20:27:36-04:00", "task": "browser", "task_id": "bench-task",
        "task_version": 0, "task_file": "browser.py", "task_attribs": {}, "task_args": {},
        "dataset": {"samples": samples, "sample_ids": list(range(samples)), "shuffled": False},
        "model": "openai/gpt-4o-mini", "model_args": {}, "config": {"epochs": 1},
        "packages": {"inspect_ai": "0.3.93"}}, "plan": {"name": "plan", "steps": [
            {"solver": "use_tools", "params": {}}, {"solver": "generate", "params": {}}]},
        "results": {"total_samples": samples, "completed_samples": samples, "scores": [
            {"name": "includes", "scorer": "includes", "metrics": {"accuracy": {"name": "accuracy", "value": 0.5}}}]},
        "stats": {"started_at": "2025-05-12T20:27:36-04:00", "completed_at": "2025-05-12T20:29:00-04:00",
                  "model_usage": {}}}


def gen_inspect(out, target, rnd):
    # the samples are written one by one into the log's "samples" array, so the generator's memory stays flat too
    head = json.dumps(inspect_header(2, 0), indent=2)
    i = 0
    written = len(head)
    with open(out, "w", encoding="utf-8") as f:
        f.write(head[:-2] + ',\n  "samples": [')
        while written < target:
            s = json.dumps(inspect_sample(i, rnd, False), indent=2)
            f.write(("," if i else "") + "\n" + s)
            written += len(s) + 2
            i += 1
        f.write('\n  ],\n  "reductions": []\n}\n')
    return i


def gen_inspect_eval(out, target, rnd):
    i = 0
    written = 0
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("_journal/start.json", json.dumps(inspect_header(3, 0)))
        while written < target:
            s = json.dumps(inspect_sample(i, rnd, True))
            z.writestr("samples/%d_epoch_1.json" % i, s)
            written += len(s)
            i += 1
            if written >= target:
                break
        z.writestr("summaries.json", json.dumps([{"id": k, "epoch": 1} for k in range(i)]))
        z.writestr("reductions.json", "[]")
        z.writestr("header.json", json.dumps(inspect_header(3, i)))
    return i


# ---- ATIF

ATIF_TOOLS = [{"type": "function", "function": {"name": n, "description": text(random.Random(k + 50), 1500),
                                                "parameters": {"type": "object", "properties": {
                                                    "command": {"type": "string"}, "path": {"type": "string"}},
                                                    "required": ["command"]}}}
              for k, n in enumerate(["execute_bash", "str_replace_editor", "think", "finish", "browser"])]


def atif_trajectory(i, rnd):
    steps = [{"step_id": 1, "source": "system", "message": text(rnd, 9000)},
             {"step_id": 2, "source": "user", "message": "Task %d: %s" % (i, text(rnd, rnd.randint(80, 600)))},
             {"step_id": 3, "source": "system", "message": "Added workspace context"}]
    prompt = completion = 0
    for k in range(rnd.randint(3, 12)):
        cid = "call_%d_%d" % (i, k)
        pt, ct = rnd.randint(1000, 8000), rnd.randint(20, 400)
        prompt += pt
        completion += ct
        steps.append({"step_id": len(steps) + 1, "source": "agent", "model_name": "openai/gpt-4o",
                      "message": text(rnd, rnd.randint(40, 400)), "reasoning_content": text(rnd, rnd.randint(0, 600)),
                      "tool_calls": [{"tool_call_id": cid, "function_name": "execute_bash",
                                      "arguments": {"command": "cat src/module_%d.py | head -%d" % (k, 40 + k)}}],
                      "observation": {"results": [{"source_call_id": cid, "content": page(rnd, rnd.randint(300, 4000))}]},
                      "metrics": {"prompt_tokens": pt, "completion_tokens": ct, "cost_usd": pt * 2.5e-6 + ct * 1e-5}})
    steps.append({"step_id": len(steps) + 1, "source": "agent", "model_name": "openai/gpt-4o",
                  "message": "All done.", "tool_calls": [{"tool_call_id": "call_%d_end" % i, "function_name": "finish",
                                                          "arguments": {"message": text(rnd, 200)}}],
                  "metrics": {"prompt_tokens": 500, "completion_tokens": 30, "cost_usd": 0.0015}})
    return {"schema_version": "ATIF-v1.5", "session_id": "session-%08d" % i,
            "agent": {"name": "openhands", "version": "1.1.0", "model_name": "openai/gpt-4o",
                      "tool_definitions": ATIF_TOOLS, "extra": {"agent_class": "CodeActAgent"}},
            "steps": steps, "final_metrics": {"total_prompt_tokens": prompt + 500,
                                              "total_completion_tokens": completion + 30,
                                              "total_cost_usd": round(prompt * 2.5e-6 + completion * 1e-5, 6),
                                              "total_steps": len(steps)}}


# ---- SWE-agent

def swe_trajectory(i, rnd):
    issue = "<uploaded_files>\n/repo\n</uploaded_files>\nISSUE %d: %s" % (i, text(rnd, rnd.randint(1500, 4000)))
    history = [{"role": "system", "content": text(rnd, 1700), "agent": "main", "message_type": "system_prompt"},
               {"role": "user", "content": issue, "agent": "main", "message_type": "observation"}]
    trajectory = []
    tools = ["find_file", "open", "edit", "bash", "search_dir"]
    for k in range(rnd.randint(4, 10)):
        cid = "call_" + short_id(rnd)
        name = rnd.choice(tools)
        args = {"file_name": "module_%d.py" % k} if name == "find_file" else {"command": "grep -n def src/%d.py" % k}
        thought = text(rnd, rnd.randint(150, 600))
        obs = page(rnd, rnd.randint(100, 2500)).replace("\n", "\r\n")
        history.append({"role": "assistant", "content": thought, "thought": thought, "action": name + " x",
                        "agent": "main", "tool_calls": [{"function": {"arguments": json.dumps(args), "name": name},
                                                         "id": cid, "type": "function"}],
                        "message_type": "action"})
        history.append({"role": "tool", "content": obs + "\n(Open file: n/a)\nbash-$", "agent": "main",
                        "tool_call_ids": [cid], "message_type": "observation"})
        trajectory.append({"action": name + " x", "observation": obs, "response": thought, "thought": thought,
                           "execution_time": rnd.random(), "state": {"open_file": "n/a", "working_dir": "/repo"}})
    diff = "diff --git a/src/m.py b/src/m.py\r\n--- a/src/m.py\r\n+++ b/src/m.py\r\n@@ -1,3 +1,3 @@\r\n" + \
        "".join("-%s\r\n+%s\r\n" % (text(rnd, 60), text(rnd, 60)) for _ in range(rnd.randint(2, 20)))
    return {"environment": "swe_main", "trajectory": trajectory, "history": history,
            "info": {"submission": diff, "exit_status": "submitted", "edited_files30": text(rnd, 600),
                     "model_stats": {"instance_cost": rnd.random(), "tokens_sent": rnd.randint(5000, 90000),
                                     "tokens_received": rnd.randint(100, 3000), "api_calls": len(trajectory)}},
            "replay_config": {"agent": {"model": {"name": "gpt-4o", "temperature": 0.0, "top_p": 0.95},
                                        "templates": {"system_template": text(rnd, 3000),
                                                      "instance_template": text(rnd, 4000)}},
                              "env": {"repo": {"github_url": "https://github.com/example/repo-%d" % i}}}}


def gen_dir(out, target, rnd, make, name):
    os.makedirs(out, exist_ok=True)
    i = 0
    written = 0
    while written < target:
        s = json.dumps(make(i, rnd), indent=2)
        with open(os.path.join(out, name % i), "w", encoding="utf-8") as f:
            f.write(s)
        written += len(s)
        i += 1
    return i


def main():
    fmt, out, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    rnd = random.Random(34)
    target = int(mb * 1024 * 1024)
    if fmt == "langfuse":
        n = gen_langfuse(out, target, rnd)
    elif fmt == "inspect":
        n = gen_inspect(out, target, rnd)
    elif fmt == "inspect-eval":
        n = gen_inspect_eval(out, target, rnd)
    elif fmt == "atif":
        n = gen_dir(out, target, rnd, atif_trajectory, "run-%06d.trajectory.json")
    elif fmt == "swe-agent":
        n = gen_dir(out, target, rnd, swe_trajectory, "instance-%06d.traj")
    else:
        sys.exit("unknown format " + fmt)
    print(n)


if __name__ == "__main__":
    main()
