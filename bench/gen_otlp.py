#!/usr/bin/env python3
"""Writes an OTLP/JSON Lines file of generated agent traces for bench/otlp-import-bench.sh.

One line = one OTLP request (resourceSpans) holding one trace: two HTTP plumbing spans, invoke_agent, a chat
span (latest GenAI convention: gen_ai.input.messages / gen_ai.output.messages as JSON strings) that calls a
tool, the execute_tool span, and a second chat span whose input carries the tool response and whose output is
the answer. Every 10th trace is split over two lines (its tool span and second call come in a later request),
as collectors batch them. Usage: gen_otlp.py OUT.jsonl MEGABYTES
"""
import json
import random
import sys


def attr(k, v):
    if isinstance(v, bool):
        return {"key": k, "value": {"boolValue": v}}
    if isinstance(v, int):
        return {"key": k, "value": {"intValue": str(v)}}
    return {"key": k, "value": {"stringValue": v}}


def span(tid, sid, parent, name, start, attrs, status=None):
    s = {"traceId": tid, "spanId": sid, "name": name, "kind": "SPAN_KIND_INTERNAL",
         "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 1000), "attributes": attrs}
    if parent:
        s["parentSpanId"] = parent
    if status:
        s["status"] = status
    return s


def request(spans):
    return {"resourceSpans": [{"resource": {"attributes": [attr("service.name", "bench-agent")]},
                               "scopeSpans": [{"scope": {"name": "bench"}, "spans": spans}]}]}


def trace(i, rnd):
    tid = "%032x" % rnd.getrandbits(128)
    ids = ["%016x" % rnd.getrandbits(64) for _ in range(7)]
    t0 = 1_700_000_000_000_000_000 + i * 10_000_000
    city = rnd.choice(["Paris", "Tokyo", "Lima", "Oslo", "Accra", "Perth"])
    question = "What is the weather in %s today? " % city + "Please answer briefly. " * rnd.randint(5, 40)
    call = {"type": "tool_call", "id": "call_%d" % i, "name": "get_weather", "arguments": {"city": city}}
    result = {"type": "tool_call_response", "id": "call_%d" % i,
              "response": {"city": city, "temp_c": rnd.randint(-5, 35), "conditions": "cloudy" * rnd.randint(1, 20)}}
    user = {"role": "user", "parts": [{"type": "text", "content": question}]}
    first = [
        span(tid, ids[0], None, "POST /chat", t0, [attr("http.method", "POST"), attr("http.status_code", 200)]),
        span(tid, ids[1], ids[0], "invoke_agent weather", t0 + 1, [attr("gen_ai.operation.name", "invoke_agent"),
                                                                  attr("gen_ai.agent.name", "weather")]),
        span(tid, ids[2], ids[1], "chat gpt-4o", t0 + 2, [
            attr("gen_ai.operation.name", "chat"), attr("gen_ai.request.model", "gpt-4o"),
            attr("gen_ai.input.messages", json.dumps([user])),
            attr("gen_ai.output.messages", json.dumps([{"role": "assistant", "parts": [call]}])),
            attr("gen_ai.usage.input_tokens", rnd.randint(50, 900)), attr("gen_ai.usage.output_tokens", 20)]),
    ]
    second = [
        span(tid, ids[3], ids[1], "execute_tool get_weather", t0 + 3, [
            attr("gen_ai.operation.name", "execute_tool"), attr("gen_ai.tool.name", "get_weather"),
            attr("gen_ai.tool.call.id", "call_%d" % i), attr("gen_ai.tool.call.result", json.dumps(result["response"]))]),
        span(tid, ids[4], ids[3], "GET /weather", t0 + 4, [attr("http.method", "GET"), attr("http.status_code", 200)]),
        span(tid, ids[5], ids[1], "chat gpt-4o", t0 + 5, [
            attr("gen_ai.operation.name", "chat"), attr("gen_ai.request.model", "gpt-4o"),
            attr("gen_ai.input.messages", json.dumps([user, {"role": "assistant", "parts": [call]},
                                                      {"role": "tool", "parts": [result]}])),
            attr("gen_ai.output.messages", json.dumps([{"role": "assistant", "parts": [
                {"type": "text", "content": "It is %d C in %s." % (result["response"]["temp_c"], city)}]}])),
            attr("gen_ai.usage.input_tokens", rnd.randint(100, 1200)), attr("gen_ai.usage.output_tokens", 12)]),
    ]
    return first, second


def main():
    out, mb = sys.argv[1], float(sys.argv[2])
    rnd = random.Random(34)
    target = int(mb * 1024 * 1024)
    written = 0
    held = []
    i = 0
    with open(out, "w", encoding="utf-8") as f:
        while written < target:
            first, second = trace(i, rnd)
            if i % 10 == 9:
                line = json.dumps(request(first), separators=(",", ":"))
                held.append(second)
            else:
                line = json.dumps(request(first + second), separators=(",", ":"))
            if held and i % 10 == 0:
                line += "\n" + json.dumps(request(held.pop()), separators=(",", ":"))
            f.write(line + "\n")
            written += len(line) + 1
            i += 1
        for h in held:
            f.write(json.dumps(request(h), separators=(",", ":")) + "\n")
    print(i)


if __name__ == "__main__":
    main()
