// Raw HTTP/1.1 over a socket, for what no client library sends: broken request lines, oversized
// headers, bodies that stall or never end, a client that hangs up mid-body.
import net from 'node:net';

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: any;
  /** ms from connecting until the response's first byte, and until the server closed. */
  answeredMs: number;
  closedMs: number;
  /** Bytes the client managed to write before the connection ended. */
  written: number;
}

/** Connects, lets `talk` write, and resolves once the server has closed the connection. */
export function exchange(base: string, talk: (socket: net.Socket, written: () => number) => void, timeoutMs = 10_000): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answeredMs = -1;
    let written = 0;
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => talk(socket, () => written));
    const write = socket.write.bind(socket);
    socket.write = ((data: string | Buffer, ...rest: never[]) => {
      written += Buffer.byteLength(data);
      return write(data, ...rest);
    }) as typeof socket.write;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not close the connection'));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      if (answeredMs < 0) answeredMs = performance.now() - started;
      chunks.push(chunk);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const raw = rest.join('\r\n\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0), headers, body: raw ? JSON.parse(raw) : undefined,
        answeredMs, closedMs: performance.now() - started, written,
      });
    });
  });
}
