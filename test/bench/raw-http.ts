// The volume bench's HTTP/1.1 client: each request's bytes are made when it is signed, before the
// clock, and an answer is read only as far as its status and Content-Length (the service always
// sends one). The generator shares the two cores with the service and Postgres; node:http's
// client spent 150-400 µs of CPU per request there, which the service's answers then waited for.
import net from 'node:net';

/** A request as it goes on the wire. */
export interface Wire { host: string; port: number; bytes: Buffer }

export interface Answer {
  status: number;
  body: Buffer;
  /** The body as text, decoded when asked for. */
  readonly text: string;
}

export function wire(url: URL, method: string, headers: Record<string, string>, body?: string): Wire {
  const payload = body === undefined ? undefined : Buffer.from(body);
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (payload) head += `content-length: ${payload.length}\r\n`;
  const bytes = Buffer.from(head + '\r\n', 'latin1');
  return { host: url.hostname, port: Number(url.port), bytes: payload ? Buffer.concat([bytes, payload]) : bytes };
}

const headEnd = Buffer.from('\r\n\r\n');

/** One keep-alive connection: one request at a time, as a closed-loop client sends them. */
class Connection {
  readonly socket: net.Socket;
  #received: Buffer = Buffer.alloc(0);
  #waiting?: { resolve: (a: Answer) => void; reject: (e: Error) => void };
  closed = false;

  constructor(host: string, port: number) {
    this.socket = net.connect(port, host).setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.#received = this.#received.length ? Buffer.concat([this.#received, chunk]) : chunk;
      this.#read();
    });
    const fail = (error: Error) => {
      this.closed = true;
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.reject(error);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the service closed the connection before answering')));
  }

  send(bytes: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  #read(): void {
    const end = this.#received.indexOf(headEnd);
    if (end < 0 || !this.#waiting) return;
    const head = this.#received.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const total = end + 4 + length;
    if (this.#received.length < total) return;
    const body = this.#received.subarray(end + 4, total);
    this.#received = this.#received.subarray(total);
    if (/\r\nconnection: *close/i.test(head)) {
      this.closed = true;
      this.socket.end();
    }
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting.resolve({ status: Number(head.slice(9, 12)), body, get text() { return body.toString('utf8'); } });
  }
}

/** Keep-alive connections per host:port, each reused as soon as its answer is in. */
export function rawClient() {
  const idle = new Map<string, Connection[]>();
  return {
    async send(w: Wire): Promise<Answer> {
      const key = `${w.host}:${w.port}`;
      const free = idle.get(key) ?? [];
      idle.set(key, free);
      let connection = free.pop();
      while (connection?.closed) connection = free.pop();
      connection ??= new Connection(w.host, w.port);
      const answer = await connection.send(w.bytes);
      if (!connection.closed) free.push(connection);
      return answer;
    },
  };
}
