import { connect, createServer, Server, Socket } from 'node:net';

/** One statement the service sent to PostgreSQL. */
export interface SeenStatement {
  sql: string;
}

/**
 * A TCP proxy between the service and PostgreSQL that reads the frontend protocol and records every
 * statement executed: a simple `Query` ('Q') message, or an extended-protocol `Execute` ('E') of
 * the statement last bound ('B') on that connection (node-postgres sends Parse/Bind/Describe/
 * Execute/Sync for each parameterised query). Nothing in the service is changed or instrumented: point its
 * DATABASE_URL at the proxy and count what reaches the database. Plain-text connections only
 * (node-postgres does not ask for TLS unless told to).
 */
export class PgWireCounter {
  readonly statements: SeenStatement[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly upstreamHost: string,
    private readonly upstreamPort: number,
  ) {}

  async listen(): Promise<number> {
    this.server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  reset(): void {
    this.statements.length = 0;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.upstreamPort, this.upstreamHost);
    this.sockets.add(client).add(upstream);
    upstream.pipe(client);
    const forget = () => {
      this.sockets.delete(client);
      this.sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);

    let buffered = Buffer.alloc(0);
    let started = false; // the startup message has no type byte
    const parsed = new Map<string, string>(); // statement name ('' = unnamed) → SQL
    let bound = '';
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 4) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          buffered = buffered.subarray(length);
          started = true;
          continue;
        }
        if (buffered.length < 5) break;
        const type = String.fromCharCode(buffered[0]);
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) break;
        const body = buffered.subarray(5, 1 + length);
        if (type === 'Q') {
          this.statements.push({ sql: cString(body, 0) });
        } else if (type === 'P') {
          const name = cString(body, 0);
          parsed.set(name, cString(body, Buffer.byteLength(name) + 1));
        } else if (type === 'B') {
          const portal = cString(body, 0);
          bound = parsed.get(cString(body, Buffer.byteLength(portal) + 1)) ?? '?';
        } else if (type === 'E') {
          this.statements.push({ sql: bound });
        }
        buffered = buffered.subarray(1 + length);
      }
    });
  }
}

function cString(buf: Buffer, start: number): string {
  const end = buf.indexOf(0, start);
  return buf.toString('utf8', start, end < 0 ? buf.length : end);
}
