// Traceloop / OpenLLMetry JS: `node run.js proto` uses the SDK's default exporter (OTLP/protobuf, @opentelemetry/
// exporter-trace-otlp-proto); `node run.js json` passes the OTLP/JSON exporter instead. The agent is withAgent, each
// tool execution withTool, the model calls instrumented by @traceloop/instrumentation-openai.
'use strict';
const traceloop = require('@traceloop/node-server-sdk');
const { OpenAI } = require('openai');
const { runAgent, MODEL_URL, SINK_URL } = require('../common/agent');
const { RUNS } = require('../common/script');

const mode = process.argv[2] || 'proto';
const options = {
  appName: 'weather-capture',
  baseUrl: SINK_URL,
  apiKey: 'capture-dummy-key',
  disableBatch: true,
  traceContent: true,
  instrumentModules: { openAI: OpenAI },
};
if (mode === 'json') {
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
  options.exporter = new OTLPTraceExporter({ url: SINK_URL + '/v1/traces' });
}
traceloop.initialize(options);

(async () => {
  const client = new OpenAI({ baseURL: MODEL_URL, apiKey: 'mock' });
  for (const run of RUNS) {
    const answer = await traceloop.withAgent({ name: 'weather_agent' }, () =>
      runAgent(client, run, {
        tool: (tc, exec) => traceloop.withTool({ name: tc.function.name }, exec),
      }),
    );
    console.log(run.name, '->', answer);
    await traceloop.forceFlush();
  }
  await new Promise((r) => setTimeout(r, 500));
})();
