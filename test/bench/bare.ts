// The baseline: a bare node:http server answering GET /v1/me with a fixed body, no signature check,
// no database. Runs in its own process, like the service, and reports its port over IPC.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.argv[2] ?? '', 'base64');

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  req.resume();
  if (req.method === 'GET' && req.url === '/v1/me') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, 'cache-control': 'no-store' });
    res.end(body);
  } else {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
  }
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
// Dies with the bench even if the bench is killed before it can stop us.
process.on('disconnect', () => process.exit(0));
