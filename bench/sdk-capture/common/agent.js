// The agent loop every capture runs: chat completions with one tool until the model answers in text.
// hooks.tool(toolCall, run) wraps one tool execution (the SDK's tool span); run() returns the tool's result.
'use strict';
const { getWeather } = require('./script');

const MODEL_URL = process.env.MODEL_URL || 'http://127.0.0.1:18080/v1';
const SINK_URL = process.env.SINK_URL || 'http://127.0.0.1:14318';
const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

// a streamed reply put together by tool-call index, as OpenAI's docs say to
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
    { role: 'system', content: 'You answer questions about the weather. Use the get_weather tool.' },
    { role: 'user', content: run.user },
  ];
  for (let step = 0; step < 5; step++) {
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
    if (!msg.tool_calls || msg.tool_calls.length === 0) return msg.content;
    const results = await Promise.all(
      msg.tool_calls.map((tc) => hooks.tool(tc, async () => getWeather(JSON.parse(tc.function.arguments)))),
    );
    msg.tool_calls.forEach((tc, i) => messages.push({ role: 'tool', tool_call_id: tc.id, content: JSON.stringify(results[i]) }));
  }
  throw new Error('no answer after 5 steps');
}

module.exports = { runAgent, MODEL_URL, SINK_URL, TOOLS };
