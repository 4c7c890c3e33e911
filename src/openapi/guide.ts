// The partner's guide, kept as markdown beside this module (src/openapi/guide/): the chapters make
// the reference's info.description, in order, and tags/<tag>.md opens a tag's operations. Any
// renderer of the reference shows them; the package ships the folder (package.json `files`).
import { existsSync, readFileSync } from 'node:fs';

// From dist/src/openapi/ to the sources, which hold the markdown (tsc copies no .md files).
const folder = new URL('../../../src/openapi/guide/', import.meta.url);
const chapters = ['overview', 'signing', 'errors', 'paging', 'idempotency', 'concurrency', 'webhooks'];

const read = (file: URL) => readFileSync(file, 'utf8').trimEnd();

/** info.description: the guide's chapters. */
export function guideDescription(): string {
  return chapters.map((name) => read(new URL(`${name}.md`, folder))).join('\n\n');
}

/** What the guide says about one resource's operations, if anything. */
export function tagGuide(tag: string): string | undefined {
  const file = new URL(`tags/${tag}.md`, folder);
  return existsSync(file) ? read(file) : undefined;
}
