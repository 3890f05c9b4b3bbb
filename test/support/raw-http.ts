import { connect } from 'node:net';

/** What a raw HTTP exchange came back with. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends bytes to 127.0.0.1:`port` exactly as written (any Host, any framing, any pacing) and
 * reads the answer until the server closes or `idleMs` passes. `refused` when nothing listens.
 * For the attacks on the setup page that no HTTP client library would send.
 */
export function rawExchange(port: number, chunks: readonly (string | { readonly pauseMs: number })[], idleMs = 1_500): Promise<RawAnswer | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let finished = false;
    const done = (): void => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(received).toString('utf8')));
    };
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (finished) return;
      if (error.code === 'ECONNREFUSED') {
        finished = true;
        return resolve('refused');
      }
      done();
    });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('end', done);
    socket.on('close', done);
    socket.setTimeout(idleMs, done);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'string') socket.write(chunk);
        else await new Promise((wake) => setTimeout(wake, chunk.pauseMs));
        if (finished) return;
      }
    });
  });
}

function parseAnswer(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') };
}
