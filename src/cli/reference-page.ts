// The last step of `npm run build`: the reference as dist/openapi.json and as one self-contained
// HTML page, dist/reference.html, rendered by Redocly's CLI (a dev dependency) with Redoc's script
// inlined, so the page opens offline. Rendering takes seconds: an unchanged reference keeps its page.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '../openapi/generate.js';
import { operations } from '../operations/index.js';
import { version } from '../runtime.js';

const dist = new URL('../../', import.meta.url);
const json = fileURLToPath(new URL('openapi.json', dist));
const page = fileURLToPath(new URL('reference.html', dist));
const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', dist));

const reference = JSON.stringify(generateOpenApi(operations, version), null, 2) + '\n';
if (!existsSync(page) || !existsSync(json) || readFileSync(json, 'utf8') !== reference) {
  writeFileSync(`${json}.tmp`, reference);
  execFileSync(redocly, ['build-docs', `${json}.tmp`, '--inlineBundle', '--title', 'Partner API reference', '--output', `${page}.tmp`], {
    stdio: 'pipe', // its banners stay out of the build's output; a failure's error carries its stderr
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' },
  });
  renameSync(`${page}.tmp`, page);
  renameSync(`${json}.tmp`, json); // last: a failed render leaves no JSON that claims the page is current
}
