// Langfuse JS v3 (`langfuse`): ingestion batches posted to /api/public/ingestion. A trace per run, the model calls
// through observeOpenAI (generations under the trace), each tool a span named after it, a score per run.
'use strict';
const { Langfuse, observeOpenAI } = require('langfuse');
const { OpenAI } = require('openai');
const { runAgent, MODEL_URL, SINK_URL } = require('../common/agent');
const { RUNS } = require('../common/script');

const langfuse = new Langfuse({
  publicKey: 'pk-lf-capture-dummy',
  secretKey: 'sk-lf-capture-dummy',
  baseUrl: SINK_URL,
  flushAt: 100,
});

(async () => {
  for (const run of RUNS) {
    const trace = langfuse.trace({ name: 'weather-agent', input: run.user, sessionId: 'capture-session' });
    const client = observeOpenAI(new OpenAI({ baseURL: MODEL_URL, apiKey: 'mock' }), { parent: trace });
    const answer = await runAgent(client, run, {
      tool: async (tc, exec) => {
        const span = trace.span({ name: tc.function.name, input: JSON.parse(tc.function.arguments), metadata: { tool_call_id: tc.id } });
        const result = await exec();
        span.end({ output: result });
        return result;
      },
    });
    trace.update({ output: answer });
    trace.event({ name: 'answered', input: { run: run.name } });
    trace.score({ name: 'correctness', value: run.name === 'contradicts-tool' ? 0 : 1, comment: 'capture script' });
    console.log(run.name, '->', answer);
    await langfuse.flushAsync();
  }
  await langfuse.shutdownAsync();
})();
