// OpenInference JS: @arizeai/openinference-instrumentation-openai on the openai client, the agent wrapped with
// traceAgent and each tool with traceTool (@arizeai/openinference-core), exported one span per request
// (SimpleSpanProcessor, as Phoenix's JS set-up does) with the OTLP/protobuf exporter.
'use strict';
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { runAgent, MODEL_URL, SINK_URL } = require('../common/agent');
const { RUNS } = require('../common/script');

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'weather-capture' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: SINK_URL + '/v1/traces' }))],
});
provider.register();
const { OpenAIInstrumentation } = require('@arizeai/openinference-instrumentation-openai');
const { OpenAI } = require('openai');
new OpenAIInstrumentation().manuallyInstrument(OpenAI);
const { traceAgent, traceTool } = require('@arizeai/openinference-core');

(async () => {
  const client = new OpenAI({ baseURL: MODEL_URL, apiKey: 'mock' });
  for (const run of RUNS) {
    const agent = traceAgent(
      async (question) =>
        runAgent(client, { ...run, user: question }, {
          tool: (tc, exec) => traceTool(async (_args) => exec(), { name: tc.function.name })(JSON.parse(tc.function.arguments)),
        }),
      { name: 'weather_agent' },
    );
    console.log(run.name, '->', await agent(run.user));
    await provider.forceFlush();
  }
  await provider.shutdown();
})();
