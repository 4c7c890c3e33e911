// The router table is generated from the operation files; this fails until it is regenerated.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { renderTable, tableFile } from '../support/operation-table.js';

t.test('src/operations/index.ts is the table the operation files give (npm run table)', async (t) => {
  t.equal(readFileSync(tableFile, 'utf8'), renderTable());
});
