// What the webhook benches share: a change committed the way a write commits it, and a loopback
// receiver that notes when each change first arrives (by its `resource_id`).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sql } from 'postgres';

/** One change (`<resourceType>.updated`) in `clubId`, committed under the federation's feed lock as a write does. */
export const commitChange = (sql: Sql, federationId: string, clubId: string, resourceId: number, resourceType = 'member') => sql.begin(async (tx) => {
  await tx`select feed_write_lock(${federationId})`;
  await tx`insert into changes (federation_id, workspace_id, resource_type, resource_id, action, version)
    select federation_id, id, ${resourceType}, ${resourceId}, 'updated', 1 from workspaces where id = ${clubId}`;
});

export interface TimingReceiver {
  base: string;
  /** resource_id → when it first arrived (performance.now()). */
  received: Map<number, number>;
  close(): void;
}

/** A healthy endpoint on loopback: answers 200 as soon as the body is in. */
export async function startTimingReceiver(): Promise<TimingReceiver> {
  const received = new Map<number, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { resource_id: string } };
      const id = Number(data.resource_id);
      if (!received.has(id)) received.set(id, performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
