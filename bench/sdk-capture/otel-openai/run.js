// The OpenTelemetry JS GenAI instrumentation (@opentelemetry/instrumentation-openai) with message content captured:
// chat spans on /v1/traces, the messages as log records (gen_ai.user.message, gen_ai.choice, gen_ai.tool.message, ...)
// on /v1/logs, both OTLP/protobuf through the NodeSDK. The agent writes its own invoke_agent and execute_tool spans
// (gen_ai.operation.name, gen_ai.tool.name, gen_ai.tool.call.id), as the GenAI conventions describe.
'use strict';
process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = 'true';
const { NodeSDK } = require('@opentelemetry/sdk-node');
const logs = require('@opentelemetry/sdk-logs');
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
const { OTLPLogExporter } = require('@opentelemetry/exporter-logs-otlp-proto');
const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');
const { SINK_URL, MODEL_URL, runAgent } = require('../common/agent');
const { RUNS } = require('../common/script');

const sdk = new NodeSDK({
  serviceName: 'weather-capture',
  traceExporter: new OTLPTraceExporter({ url: SINK_URL + '/v1/traces' }),
  logRecordProcessors: [new logs.BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: SINK_URL + '/v1/logs' }) })],
  instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true })],
});
sdk.start();
const { trace, context } = require('@opentelemetry/api');
const { OpenAI } = require('openai');
const tracer = trace.getTracer('weather-agent', '1.0.0');

function inSpan(name, attributes, fn) {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } finally {
      span.end();
    }
  });
}

(async () => {
  const client = new OpenAI({ baseURL: MODEL_URL, apiKey: 'mock' });
  for (const run of RUNS) {
    const answer = await inSpan(
      'invoke_agent weather_agent',
      { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather_agent' },
      () =>
        runAgent(client, run, {
          tool: (tc, exec) =>
            inSpan(
              'execute_tool ' + tc.function.name,
              { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tc.function.name, 'gen_ai.tool.call.id': tc.id },
              () => exec(),
            ),
        }),
    );
    console.log(run.name, '->', answer);
  }
  await sdk.shutdown();
})();
