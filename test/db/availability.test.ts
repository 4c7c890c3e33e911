// The outage watch against the real server behind a slow link: when every answer takes longer
// than a probe waits, the first answer that does come still ends the outage.
import t from 'tap';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchDatabase } from '../../src/db/availability.js';
import { servingPool } from '../../src/db/pool.js';
import { databaseUrl } from '../support/harness.js';

// Each answer from the server is held this long; a probe waits 2 × 50 ms, and the handshake's three
// round trips still fit the pool's 1 s connect timeout.
const latencyMs = 150;
const probeMs = 50;
const target = new URL(databaseUrl());

// A TCP relay that holds every chunk from the server for `latencyMs`, in order.
const sockets = new Set<net.Socket>();
const relay = net.createServer((client) => {
  const server = net.connect(Number(target.port), target.hostname);
  for (const socket of [client, server]) {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  }
  client.pipe(server);
  server.on('data', (chunk) => void sleep(latencyMs).then(() => client.write(chunk)));
  const close = () => {
    client.destroy();
    server.destroy();
  };
  client.on('error', close).on('close', close);
  server.on('error', close).on('close', close);
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));

const slow = new URL(databaseUrl());
slow.hostname = '127.0.0.1';
slow.port = String((relay.address() as net.AddressInfo).port);
const pool = servingPool(slow.toString(), 2);
// The pool first, then whatever the relay still holds: postgres.js does not close a connection
// whose handshake is under way when the pool ends, and its socket would keep the file alive until
// the idle timeout (60 s).
t.teardown(async () => {
  await pool.end({ timeout: 1 });
  for (const socket of sockets) socket.destroy();
  relay.close();
});

t.test('a database slower than the probe: the late answer ends the outage', async (t) => {
  const availability = watchDatabase(pool, probeMs);
  t.teardown(() => availability.stop());
  availability.down();
  t.notOk(availability.up, 'down at once');
  t.notOk(await availability.check(2 * probeMs), 'a probe alone gives up before the answer');
  const deadline = Date.now() + 10_000;
  while (!availability.up && Date.now() < deadline) await sleep(20);
  t.ok(availability.up, 'up again once an answer came');
});
