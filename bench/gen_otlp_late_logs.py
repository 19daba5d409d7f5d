#!/usr/bin/env python3
"""Writes a run set as @opentelemetry/instrumentation-openai sends it, spans and log records apart, for
bench/late-logs-bench.sh (issue 53: log records imported after their spans complete the stored runs).

OUT/spans.jsonl: OTLP/JSON Lines, one request per run: invoke_agent (root), a chat span that calls get_weather, the
execute_tool span, a second chat span that answers. The chat spans carry no messages (gen_ai.operation.name, models,
tokens, finish reasons only), as the instrumentation's spans do: imported alone, every run is kept open.
OUT/logs.jsonl: OTLP/JSON Lines of resourceLogs, 50 runs per request (a BatchLogRecordProcessor's batch), eight
message records per run as the capture in src/test/resources/sdk-captures/otel-openai has them:
gen_ai.system.message, gen_ai.user.message, gen_ai.choice (tool_calls) on the first call; system, user,
gen_ai.assistant.message (tool_calls), gen_ai.tool.message, gen_ai.choice (the answer) on the second. Seeded: the same
files for the same RUNS. Prints the number of runs.
Usage: gen_otlp_late_logs.py OUT_DIR [RUNS=10000]
"""
import json
import os
import random
import sys

CITIES = ["Paris", "Oslo", "Rome", "Cairo", "Berlin", "Madrid", "Lima", "Quito", "Hanoi", "Perth", "Accra", "Riga"]
SKIES = ["cloudy", "sunny", "rainy", "snowing", "windy"]
SYSTEM = "You answer questions about the weather. Use the get_weather tool."


def val(v):
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, list):
        return {"arrayValue": {"values": [val(x) for x in v]}}
    if isinstance(v, dict):
        return {"kvlistValue": {"values": [{"key": k, "value": val(x)} for k, x in v.items()]}}
    return {"stringValue": v}


def attrs(d):
    return [{"key": k, "value": val(v)} for k, v in d.items()]


def span(tid, sid, parent, name, kind, start, a):
    s = {"traceId": tid, "spanId": sid, "name": name, "kind": kind, "startTimeUnixNano": str(start),
         "endTimeUnixNano": str(start + 50_000_000), "attributes": attrs(a), "status": {"code": 0}}
    if parent:
        s["parentSpanId"] = parent
    return s


def chat(tid, sid, parent, start, finish, tokens_in, tokens_out, rnd):
    return span(tid, sid, parent, "chat gpt-4o-mini", 3, start, {
        "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini", "gen_ai.system": "openai",
        "server.address": "127.0.0.1", "server.port": 18080, "gen_ai.response.finish_reasons": [finish],
        "gen_ai.response.id": "chatcmpl-%012x" % rnd.getrandbits(48), "gen_ai.response.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": tokens_in, "gen_ai.usage.output_tokens": tokens_out})


def record(tid, sid, t, event, body):
    return {"timeUnixNano": str(t), "body": val(body), "traceId": tid, "spanId": sid,
            "attributes": attrs({"event.name": event, "gen_ai.system": "openai"})}


def run(i, rnd, t0):
    tid = "%032x" % rnd.getrandbits(128)
    root, chat1, tool, chat2 = ("%016x" % rnd.getrandbits(64) for _ in range(4))
    city = rnd.choice(CITIES)
    temp, sky = rnd.randint(-10, 40), rnd.choice(SKIES)
    question = "What is the weather in %s? (request %d)" % (city, i)
    call_id = "call_%08x" % rnd.getrandbits(32)
    args = json.dumps({"city": city}, separators=(",", ":"))
    result = json.dumps({"city": city, "temp_c": temp, "sky": sky}, separators=(",", ":"))
    answer = "It is %d°C and %s in %s." % (temp, sky, city)
    calls = [{"id": call_id, "type": "function", "function": {"name": "get_weather", "arguments": args}}]
    t = t0 + i * 1_000_000_000
    spans = [
        span(tid, root, None, "invoke_agent weather_agent", 1, t,
             {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}),
        chat(tid, chat1, root, t + 1_000_000, "tool_calls", 60, 12, rnd),
        span(tid, tool, root, "execute_tool get_weather", 1, t + 60_000_000,
             {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
              "gen_ai.tool.call.id": call_id}),
        chat(tid, chat2, root, t + 70_000_000, "stop", 80, 12, rnd),
    ]
    logs = [
        record(tid, chat1, t + 1_000_000, "gen_ai.system.message", {"content": SYSTEM}),
        record(tid, chat1, t + 1_000_000, "gen_ai.user.message", {"content": question}),
        record(tid, chat1, t + 50_000_000, "gen_ai.choice",
               {"finish_reason": "tool_calls", "index": 0, "message": {"tool_calls": calls}}),
        record(tid, chat2, t + 70_000_000, "gen_ai.system.message", {"content": SYSTEM}),
        record(tid, chat2, t + 70_000_000, "gen_ai.user.message", {"content": question}),
        record(tid, chat2, t + 70_000_000, "gen_ai.assistant.message", {"tool_calls": calls}),
        record(tid, chat2, t + 70_000_000, "gen_ai.tool.message", {"content": result, "id": call_id}),
        record(tid, chat2, t + 120_000_000, "gen_ai.choice",
               {"finish_reason": "stop", "index": 0, "message": {"role": "assistant", "content": answer}}),
    ]
    return spans, logs


RESOURCE = {"attributes": attrs({"service.name": "bench-weather-agent", "telemetry.sdk.language": "nodejs"})}


def main():
    out = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(53)
    t0 = 1_796_182_357_000_000_000
    batch = []
    with open(os.path.join(out, "spans.jsonl"), "w") as sf, open(os.path.join(out, "logs.jsonl"), "w") as lf:
        for i in range(runs):
            spans, logs = run(i, rnd, t0)
            agent = [s for s in spans if s["name"].startswith(("invoke_agent", "execute_tool"))]
            model = [s for s in spans if s["name"].startswith("chat")]
            sf.write(json.dumps({"resourceSpans": [{"resource": RESOURCE, "scopeSpans": [
                {"scope": {"name": "@opentelemetry/instrumentation-openai", "version": "0.22.0"}, "spans": model},
                {"scope": {"name": "weather-agent", "version": "1.0.0"}, "spans": agent}]}]},
                separators=(",", ":")) + "\n")
            batch.extend(logs)
            if len(batch) >= 50 * 8 or i == runs - 1:
                lf.write(json.dumps({"resourceLogs": [{"resource": RESOURCE, "scopeLogs": [
                    {"scope": {"name": "@opentelemetry/instrumentation-openai", "version": "0.22.0"},
                     "logRecords": batch}]}]}, separators=(",", ":")) + "\n")
                batch = []
    print(runs)


if __name__ == "__main__":
    main()
