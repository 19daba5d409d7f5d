// Langfuse JS v5: LangfuseSpanProcessor (@langfuse/otel) posting OTLP to /api/public/otel/v1/traces, the agent and
// each tool as observations (@langfuse/tracing startActiveObservation, asType agent / tool), the model calls through
// @langfuse/openai's observeOpenAI (generations). Every span carries only langfuse.observation.* attributes.
'use strict';
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { LangfuseSpanProcessor } = require('@langfuse/otel');
const { runAgent, MODEL_URL, SINK_URL } = require('../common/agent');
const { RUNS } = require('../common/script');

const processor = new LangfuseSpanProcessor({
  publicKey: 'pk-lf-capture-dummy',
  secretKey: 'sk-lf-capture-dummy',
  baseUrl: SINK_URL,
  exportMode: 'immediate',
});
const provider = new NodeTracerProvider({ spanProcessors: [processor] });
provider.register();
const { startActiveObservation } = require('@langfuse/tracing');
const { observeOpenAI } = require('@langfuse/openai');
const { OpenAI } = require('openai');

(async () => {
  for (const run of RUNS) {
    const answer = await startActiveObservation(
      'weather-agent',
      async (agent) => {
        agent.update({ input: run.user });
        const client = observeOpenAI(new OpenAI({ baseURL: MODEL_URL, apiKey: 'mock' }));
        const answer = await runAgent(client, run, {
          tool: (tc, exec) =>
            startActiveObservation(
              tc.function.name,
              async (tool) => {
                tool.update({ input: JSON.parse(tc.function.arguments), metadata: { tool_call_id: tc.id } });
                const result = await exec();
                tool.update({ output: result });
                return result;
              },
              { asType: 'tool' },
            ),
        });
        agent.update({ output: answer });
        return answer;
      },
      { asType: 'agent' },
    );
    console.log(run.name, '->', answer);
    await processor.forceFlush();
  }
  await provider.shutdown();
})();
