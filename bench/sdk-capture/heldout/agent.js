// The held-out agent loop: chat completions with two tools (search_flights, convert_currency) until the model answers
// in text, then the next follow-up user message of the run (a multi-turn conversation in one run), if any.
// hooks.tool(toolCall, run) wraps one tool execution (the SDK's tool span). A tool that throws fails its span (the
// error goes through the SDK's hook); the agent then passes "Error: <message>" back to the model as the tool message.
// Same exports as ../common/agent.js, so each SDK folder's run.js runs it unchanged (see redirect.js).
'use strict';
const { runTool } = require('./script');

const MODEL_URL = process.env.MODEL_URL || 'http://127.0.0.1:18080/v1';
const SINK_URL = process.env.SINK_URL || 'http://127.0.0.1:14318';
const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'search_flights',
      description: 'Flights on a route and date',
      parameters: {
        type: 'object',
        properties: {
          route: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, label: { type: 'string' } } },
          date: { type: 'string' },
          passengers: { type: 'object', properties: { adults: { type: 'integer' }, children: { type: 'integer' } } },
          cabin: { type: 'string' },
        },
        required: ['route', 'date'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'convert_currency',
      description: 'Converts an amount between currencies',
      parameters: {
        type: 'object',
        properties: { amount: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } },
        required: ['amount', 'from', 'to'],
      },
    },
  },
];

async function collect(stream) {
  const msg = { role: 'assistant', content: '' };
  const calls = [];
  for await (const chunk of stream) {
    const d = chunk.choices[0] && chunk.choices[0].delta;
    if (!d) continue;
    if (d.content) msg.content += d.content;
    for (const tc of d.tool_calls || []) {
      const c = (calls[tc.index] = calls[tc.index] || { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (tc.id) c.id = tc.id;
      if (tc.function && tc.function.name) c.function.name = tc.function.name;
      if (tc.function && tc.function.arguments) c.function.arguments += tc.function.arguments;
    }
  }
  if (calls.length) msg.tool_calls = calls;
  if (!msg.content) msg.content = null;
  return msg;
}

async function runAgent(client, run, hooks) {
  const messages = [
    { role: 'system', content: 'You are a travel assistant. Use search_flights and convert_currency.' },
    { role: 'user', content: run.user },
  ];
  const followUps = [...(run.followUps || [])];
  let answer = null;
  for (let step = 0; step < 10; step++) {
    let msg;
    if (run.stream) {
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages,
        tools: TOOLS,
        stream: true,
        stream_options: { include_usage: true },
      });
      msg = await collect(stream);
    } else {
      const r = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools: TOOLS });
      msg = r.choices[0].message;
    }
    messages.push(msg);
    if (!msg.tool_calls || msg.tool_calls.length === 0) {
      answer = msg.content;
      if (followUps.length === 0) return answer;
      messages.push({ role: 'user', content: followUps.shift() });
      continue;
    }
    const results = await Promise.all(
      msg.tool_calls.map((tc) =>
        Promise.resolve()
          .then(() => hooks.tool(tc, async () => runTool(tc.function.name, JSON.parse(tc.function.arguments))))
          .then(
            (r) => JSON.stringify(r),
            (e) => 'Error: ' + e.message,
          ),
      ),
    );
    msg.tool_calls.forEach((tc, i) => messages.push({ role: 'tool', tool_call_id: tc.id, content: results[i] }));
  }
  throw new Error('no answer after 10 steps');
}

module.exports = { runAgent, MODEL_URL, SINK_URL, TOOLS };
