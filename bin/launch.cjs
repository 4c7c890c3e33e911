// Shared by the three launchers. Plain CommonJS that any Node runs, so that a Node too old for
// the service, or a checkout that was never built, is one clear line and exit 2, not a stack trace.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

module.exports = function launch(bin, module) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    process.stderr.write(`${bin}: needs Node 20 or later, this is ${process.version} at ${process.execPath}\n`);
    process.exit(2);
  }
  const root = path.dirname(__dirname);
  const file = path.join(root, 'dist', 'src', 'cli', `${module}.js`);
  if (!existsSync(file)) {
    process.stderr.write(`${bin}: not built (no ${path.relative(root, file)}): run npm ci or npm run build in ${root}\n`);
    process.exit(2);
  }
  // Faults in the log name src/*.ts lines rather than compiled JavaScript.
  process.setSourceMapsEnabled(true);
  return import(pathToFileURL(file).href);
};
