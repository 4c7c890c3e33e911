// The layering src/README.md promises, read off the source: arrows point down
// (http → operations → resources → db → leaves), the partners' client loads nothing of the server,
// nothing is tracked at the top beside the fixed layout, and the test files that share a process
// change nothing of it.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from '../support/processes.js';
import { sharedFolders } from '../support/run-files.js';
import { cycles, folderGraph } from './cycles.js';

const src = path.join(root, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);
}

/** The project files a module imports (type-only imports included: they are arrows too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)\.js'/g)].map((m) => path.relative(src, path.resolve(path.dirname(file), m[1]! + '.ts')));
}

const graph = new Map(sources(src).map((file) => [path.relative(src, file), importsOf(file)]));
const folder = (module: string) => module.split(path.sep)[0]!;

t.test('no folder below http/ imports from it', async (t) => {
  const below = new Set(['auth', 'console', 'db', 'operations', 'openapi', 'resources', 'signing']);
  for (const [module, imports] of graph) {
    if (!below.has(folder(module))) continue;
    for (const target of imports) t.not(folder(target), 'http', `${module} imports ${target}`);
  }
});

t.test('resources import no operation, the leaves import nothing of the project', async (t) => {
  for (const [module, imports] of graph) {
    if (folder(module) === 'resources') for (const target of imports) t.not(folder(target), 'operations', `${module} imports ${target}`);
    if (['errors.ts', 'workspace.ts', 'ids.ts'].includes(module)) t.same(imports, [], `${module} is a leaf`);
  }
});

t.test('the partners\' client loads only the signing module', async (t) => {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const target of graph.get(module) ?? []) visit(target);
  };
  visit(path.join('signing', 'client.ts'));
  t.ok(seen.size > 3, 'the walk found the client\'s imports');
  for (const module of seen) t.equal(folder(module), 'signing', module);
});

t.test('the checkout holds only the fixed top level', async (t) => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const top = [...new Set(tracked.map((file) => file.split('/')[0]!))].sort();
  t.same(top, ['.ci', '.gitignore', 'README.md', 'bin', 'package-lock.json', 'package.json', 'sql', 'src', 'test', 'tsconfig.json']);
});

const isOperationFile = (module: string) => /^operations\/[a-z]+\/[a-z]+\.[a-z_]+(\.[a-z_]+)?\.ts$/.test(module);

// The table takes each id from its file's name (test/support/operation-table.ts); what remains to
// check is that the file sits in its resource's folder.
t.test('operations are laid out by resource, one file per operation', async (t) => {
  const { operations } = await import('../../src/operations/index.js');
  const files = [...graph.keys()].filter(isOperationFile).sort();
  const expected = operations.map((op) => `operations/${op.id === 'me.get' ? 'me' : op.id.split('.')[1]}/${op.id}.ts`).sort();
  t.equal(expected.length, 95);
  t.same(files, expected);
});

t.test('no operation imports another operation\'s file', async (t) => {
  let checked = 0;
  for (const [module, imports] of graph) {
    if (!module.startsWith('operations/') || module === 'operations/index.ts') continue;
    checked++;
    for (const target of imports) t.notOk(isOperationFile(target), `${module} imports ${target}`);
  }
  t.ok(checked > 95, 'every operation file was read');
});

t.test('test files that share a process (test/support/bundle.ts) change nothing process-wide', async (t) => {
  const files = sharedFolders.flatMap((f) => sources(path.join(root, 'test', f))).filter((f) => f.endsWith('.test.ts'));
  t.ok(files.length > 100, `${files.length} files`);
  const processWide = /process\.env\.\w+\s*=[^=]|process\.(exit|on|once|chdir)\(|^t\.(plan|setTimeout)\(/m;
  for (const file of files) t.notMatch(readFileSync(file, 'utf8'), processWide, path.relative(root, file));
});

t.test('the cycle check finds a planted cycle, type-only imports included', async (t) => {
  const planted = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts', 'd.ts']], ['d.ts', []], ['e.ts', ['e.ts']]]);
  t.same(cycles(planted), [['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  t.same(cycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]])), [], 'a chain is no cycle');
  t.same(cycles(folderGraph(new Map([['x/a.ts', ['y/b.ts']], ['y/b.ts', ['x/c.ts']], ['x/c.ts', []]]), (m) => m.split('/')[0]!)), [['x', 'y']], 'nor hidden between folders');
  const typeOnly = importsOf(path.join(src, 'operations', 'operation.ts'));
  t.ok(typeOnly.includes(path.join('operations', 'cursors.ts')), 'a type-only import is an arrow of the graph');
});

t.test('no import cycle between files, nor between folders', async (t) => {
  t.same(cycles(graph), [], 'files');
  t.same(cycles(folderGraph(graph, folder)), [], 'folders (a module at the top is a folder of its own)');
});
