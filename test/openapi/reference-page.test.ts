// The reference as a partner reads it: `npm run build` writes dist/reference.html, one
// self-contained page (Redoc's script inlined, nothing fetched), and headless Chromium shows in it
// the partner's guide (the signing chapter with its worked example) and every operation.
import t from 'tap';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { operations } from '../../src/operations/index.js';
import { chromiumPath, chromiumVersion, openBrowser } from '../support/chromium.js';
import { root, toolEnv } from '../support/processes.js';

const run = promisify(execFile);
const page = path.join(root, 'dist', 'reference.html');

// What the page shows once Redoc has rendered: the overview's text, then, tag by tag (Redoc shows
// one tag's operations at a time, routed by the hash), the operation ids the sidebar links to.
const read = String.raw`(async () => {
  const until = async (find) => {
    for (let i = 0; i < 1200; i++) { const found = find(); if (found) return found; await new Promise((r) => setTimeout(r, 50)); }
    throw new Error('not rendered: ' + find);
  };
  // A page renders in steps: what it shows counts once its size held for 300 ms.
  const settled = async (find) => {
    let last = [], same = 0;
    await until(() => { const now = find(); same = now.length && now.length === last.length ? same + 1 : 0; last = now; return same >= 6; });
    return last;
  };
  // Links read /members where the page was rendered at build time and #/members where Redoc
  // rendered it in the browser (its hash router): both name the same route.
  const routes = () => [...document.querySelectorAll('#redoc a[href]')].map((a) => a.getAttribute('href').replace(/^#/, ''));
  await until(() => document.querySelector('#redoc h2[id="section/signing-a-request"]'));
  const text = () => document.getElementById('redoc').textContent;
  const guide = await settled(text);
  const tags = [...new Set(routes().map((r) => /^\/([^/#]+)$/.exec(r)?.[1]).filter(Boolean))];
  const operations = [];
  for (const tag of tags) {
    location.hash = '#/' + tag;
    // An operation's route is its id (club.members.list); the tag's own headings have no dot.
    const below = () => routes().map((r) => r.startsWith('/' + tag + '/') ? r.slice(tag.length + 2).split('#')[0] : '').filter((id) => id.includes('.'));
    operations.push(...await settled(below));
  }
  return { guide, tags, operations: [...new Set(operations)] };
})()`;

t.test('npm run build writes the reference page, and Chromium shows the guide and all 95 operations', async (t) => {
  const version = chromiumVersion();
  if (!version) {
    t.fail(`headless Chromium is needed and ${chromiumPath} does not run: install Debian's package (apt-get install -y chromium) or set CHROMIUM`);
    return;
  }
  t.comment(version);
  // The build's last step (incremental: it renders again only when the reference changed).
  await run(process.execPath, [path.join(root, 'dist', 'src', 'cli', 'reference-page.js')], { env: toolEnv() });
  const html = await readFile(page, 'utf8');
  t.notMatch(html, /<script[^>]+src=|<link[^>]+href="http/, 'no script or style loaded from elsewhere');

  const browser = await openBrowser();
  t.teardown(() => browser.close());
  const shown = await browser.evaluate<{ guide: string; tags: string[]; operations: string[] }>(pathToFileURL(page).href, read);

  for (const heading of ['Signing a request', 'When a signature does not verify', 'Errors', 'Paging and search', 'Idempotency', 'Concurrency', 'Webhooks']) {
    t.ok(shown.guide.includes(heading), `the guide's chapter "${heading}"`);
  }
  t.ok(shown.guide.includes('Signature: sig1=:ldrbtC3hGDovgDmhxcBGptz5fFjXAhlQ+9wQuXWMbps=:'), 'the worked signing example, down to its signature');
  t.ok(shown.tags.includes('members') && shown.tags.includes('health'), `the resources in the sidebar: ${shown.tags.join(' ')}`);
  const ids = operations.map((op) => op.id);
  t.equal(ids.length, 95);
  t.same(shown.operations.filter((id) => id !== 'health.get').sort(), [...ids].sort(), 'every operation of the router table, and no other');
});
