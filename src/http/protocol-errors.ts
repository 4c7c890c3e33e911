// Requests Node's HTTP parser refuses before any handler runs: answered in the same flat
// problem+json as everything else, with a request id, then the connection is closed.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, problem } from '../errors.js';
import { maxTargetLength } from './pipeline.js';

type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** Headers every response carries, the pipeline's and these alike. */
export const everyResponse = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

function requestLineTooLong(raw: Buffer | undefined): boolean {
  const head = raw?.subarray(0, maxTargetLength + 32).toString('latin1') ?? '';
  const end = head.indexOf('\r\n');
  return /^[A-Z]+ \S/.test(head) && (end < 0 || end > maxTargetLength);
}

function protocolError(error: ParserError): ApiError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', 'the request did not arrive in time');
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error.rawPacket)
        ? new ApiError('uri_too_long', `the request-target exceeds ${maxTargetLength} characters`)
        : new ApiError('headers_too_large', 'the request line and headers exceed 16 KiB');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('payload_too_large', 'the chunk extensions are too large');
    default:
      return new ApiError('invalid_request', 'the request is not valid HTTP/1.1');
  }
}

/** Writes the problem straight to the socket (there is no response object) and closes it. */
export function answerProtocolError(socket: Duplex & { _httpMessage?: { headersSent?: boolean } }, error: ParserError, requestId: string): ApiError | undefined {
  // Nothing can be said to a client that is gone, or in the middle of a response already begun.
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return undefined;
  }
  const refusal = protocolError(error);
  const body = JSON.stringify(problem(refusal, requestId));
  const headers = {
    'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body),
    'x-request-id': requestId, ...everyResponse, connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${head}\r\n${body}`, () => socket.destroy());
  return refusal;
}
