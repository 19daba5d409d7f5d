// A local OpenAI-compatible model (POST /v1/chat/completions) and a local sink that saves every request body with
// its path and headers: OTLP/HTTP (/v1/traces, /v1/logs, Langfuse's /api/public/otel/v1/traces) and Langfuse's
// ingestion API (/api/public/ingestion). Both listen on 127.0.0.1 only. Plain Node, no dependencies.
// Usage: node servers.js OUT_DIR  (ports from MODEL_PORT, default 18080, and SINK_PORT, default 14318)
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const { reply } = require('./script');

const out = process.argv[2];
if (!out) {
  console.error('usage: node servers.js OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const modelPort = Number(process.env.MODEL_PORT || 18080);
const sinkPort = Number(process.env.SINK_PORT || 14318);

function body(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

// ---- the model: scripted answers (see script.js), streamed as OpenAI's chat.completion.chunk events when asked
http
  .createServer(async (req, res) => {
    const raw = await body(req);
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found: ' + req.url } }));
      return;
    }
    const request = JSON.parse(raw.toString('utf8'));
    const message = reply(request.messages);
    const id = 'chatcmpl-mock-' + Math.random().toString(36).slice(2, 10);
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: 40 + 10 * request.messages.length, completion_tokens: 12, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const finish = message.tool_calls ? 'tool_calls' : 'stop';
    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish }],
          usage,
        }),
      );
      return;
    }
    // https://platform.openai.com/docs/api-reference/chat-streaming: the first delta of each tool call carries its
    // index, id and name; later deltas of that index carry pieces of the arguments
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta, finishReason, extra) =>
      res.write(
        'data: ' +
          JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, delta, finish_reason: finishReason || null }],
            ...extra,
          }) +
          '\n\n',
      );
    chunk({ role: 'assistant', content: message.content ? '' : null });
    if (message.tool_calls) {
      message.tool_calls.forEach((tc, index) => {
        chunk({ tool_calls: [{ index, id: tc.id, type: 'function', function: { name: tc.function.name, arguments: '' } }] });
        const a = tc.function.arguments;
        const half = Math.floor(a.length / 2);
        chunk({ tool_calls: [{ index, function: { arguments: a.slice(0, half) } }] });
        chunk({ tool_calls: [{ index, function: { arguments: a.slice(half) } }] });
      });
    } else {
      for (const word of message.content.match(/\S+\s*/g)) {
        chunk({ content: word });
      }
    }
    chunk({}, finish);
    if (request.stream_options && request.stream_options.include_usage) {
      res.write('data: ' + JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'gpt-4o-mini', choices: [], usage }) + '\n\n');
    }
    res.end('data: [DONE]\n\n');
  })
  .listen(modelPort, '127.0.0.1');

// ---- the sink: every request saved as NNN-<path>.<ext> (the body as it came, gzip included) and NNN-<path>.meta.json
let n = 0;
const KEPT_HEADERS = ['content-type', 'content-encoding', 'user-agent', 'x-langfuse-sdk-name', 'x-langfuse-sdk-version'];
http
  .createServer(async (req, res) => {
    const raw = await body(req);
    const seq = String(++n).padStart(3, '0');
    const slug = req.url.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_');
    const type = String(req.headers['content-type'] || '');
    const gz = String(req.headers['content-encoding'] || '') === 'gzip';
    const ext = (type.includes('protobuf') ? 'pb' : type.includes('json') ? 'json' : 'bin') + (gz ? '.gz' : '');
    const headers = {};
    for (const h of KEPT_HEADERS) {
      if (req.headers[h] !== undefined) headers[h] = req.headers[h];
    }
    // the Authorization header (the capture's dummy keys) is not kept
    fs.writeFileSync(path.join(out, `${seq}-${slug}.${ext}`), raw);
    fs.writeFileSync(
      path.join(out, `${seq}-${slug}.meta.json`),
      JSON.stringify({ method: req.method, path: req.url, headers, bytes: raw.length }, null, 1) + '\n',
    );
    if (req.url.startsWith('/api/public/ingestion')) {
      // https://api.reference.langfuse.com/#tag/ingestion/POST/api/public/ingestion: 207 with successes and errors
      const batch = JSON.parse((gz ? require('zlib').gunzipSync(raw) : raw).toString('utf8')).batch || [];
      res.writeHead(207, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ successes: batch.map((e) => ({ id: e.id, status: 201 })), errors: [] }));
    } else if (type.includes('protobuf')) {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end(); // an empty Export*ServiceResponse
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }
  })
  .listen(sinkPort, '127.0.0.1', () => console.log(`model 127.0.0.1:${modelPort}, sink 127.0.0.1:${sinkPort} -> ${out}`));
