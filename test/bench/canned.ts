// The generator's ceiling: a TCP server that answers every request (a head without a body) with
// fixed bytes, parsing nothing else. Against it the load generator itself is the limit.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.argv[2] ?? '', 'base64');
const response = Buffer.concat([
  Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncache-control: no-store\r\ncontent-length: ${body.length}\r\nkeep-alive: timeout=65\r\n\r\n`),
  body,
]);
const end = Buffer.from('\r\n\r\n');

const server = net.createServer((socket) => {
  let tail = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    const data = Buffer.concat([tail, chunk]);
    let answers = 0;
    for (let at = data.indexOf(end); at >= 0; at = data.indexOf(end, at + 4)) answers++;
    tail = data.subarray(Math.max(0, data.length - 3));
    for (let i = 0; i < answers; i++) socket.write(response);
  });
  socket.on('error', () => socket.destroy());
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
