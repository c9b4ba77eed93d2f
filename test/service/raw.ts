/** Raw HTTP/1.1 over a socket, for request shapes no HTTP client sends. */
import { connect } from 'node:net';

/** A raw HTTP/1.1 exchange: what the socket said back before it closed. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `head` (and `body`) as is on a new connection and reads the answer until the server closes it;
 * with `holdMs`, the body's second half is sent only after that pause, so that requests overlap.
 */
export function rawRequest(port: number, head: string, body: Buffer | string = '', holdMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let failure: Error | undefined;
    socket.on('data', (chunk) => chunks.push(chunk));
    // A server that answers before the body is sent closes while it is still being written (EPIPE,
    // ECONNRESET): the answer it sent first is what counts.
    socket.on('error', (cause) => (failure = cause));
    socket.on('close', () => {
      if (chunks.length === 0 && failure) {
        reject(failure);
        return;
      }
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split === -1 ? text.length : split).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: split === -1 ? '' : text.slice(split + 4) });
    });
    const bytes = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]);
    if (holdMs === 0) socket.end(bytes);
    else {
      const half = bytes.length - Math.floor(Buffer.byteLength(body) / 2);
      socket.write(bytes.subarray(0, half));
      setTimeout(() => socket.end(bytes.subarray(half)), holdMs);
    }
  });
}
