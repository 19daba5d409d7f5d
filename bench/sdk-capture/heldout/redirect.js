// Preloaded with `node -r` (see ../heldout.sh): any require() that resolves to ../common/script.js or
// ../common/agent.js gets this folder's script.js / agent.js instead, so the SDK folders' run.js and
// ../common/servers.js run the held-out scenarios unchanged.
'use strict';
const Module = require('module');
const path = require('path');

const common = path.resolve(__dirname, '..', 'common');
const swap = {
  [path.join(common, 'script.js')]: path.join(__dirname, 'script.js'),
  [path.join(common, 'agent.js')]: path.join(__dirname, 'agent.js'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const resolved = resolve.call(this, request, parent, ...rest);
  return swap[resolved] || resolved;
};
