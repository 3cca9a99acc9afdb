import { createSecretKey } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import { Pool } from 'pg';
import { fingerprint } from '../src/platform/http/conditional-requests';
import { suites } from './scenarios';
import { orderBareRoute } from './scenarios/sales-orders-bare';
import type { BareAnswer, BareAuth } from './scenarios/types';

/**
 * The floor the full stack is compared with: `node:http` + `pg`, no framework. Per request it does
 * the work the service must do and nothing else: verify the HS256 access token with the same secret
 * and library (jsonwebtoken, as passport-jwt does; the secret as a KeyObject), then ONE prepared statement that checks the
 * session and reads the answer, then JSON of the same shape with the same ETag (a GET's answer
 * without a version: the same weak fingerprint of its text; an order create: see
 * scenarios/sales-orders-bare.ts). The service's rate-limit count (an in-memory counter, 2–3 µs a
 * request: docs/security.md) is not mirrored.
 * Env: DATABASE_URL, JWT_SECRET, PORT. Listens on 127.0.0.1 only.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!process.env.JWT_SECRET || !databaseUrl) throw new Error('bare-server needs DATABASE_URL and JWT_SECRET');
// A KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM
// public key on every verify, which costs more CPU than the HMAC itself.
const secret = createSecretKey(Buffer.from(process.env.JWT_SECRET));

// The same pool size as the service's (src/app.database-options.ts).
const db = new Pool({ connectionString: databaseUrl, max: 10 });
// The read suites' routes, and the storefront order create (measured apart by run.ts).
const routes = [...suites.flatMap((s) => s.bareRoutes), orderBareRoute];

function send(res: ServerResponse, answer: BareAnswer, method = 'GET'): void {
  const json = answer.body === undefined ? '' : JSON.stringify(answer.body);
  // As the service: a GET's JSON answer without a version gets the weak fingerprint of its text.
  if (method === 'GET' && answer.status === 200 && !answer.etag && json)
    answer = { ...answer, etag: fingerprint(json) };
  const headers: Record<string, string | number> = {
    'content-type':
      answer.status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  };
  if (answer.etag) headers.etag = answer.etag;
  res.writeHead(answer.status, headers);
  res.end(json);
}

function authenticate(req: IncomingMessage): BareAuth | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  try {
    const claims = jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] }) as BareAuth;
    return claims.sid && claims.ws && claims.typ ? claims : undefined;
  } catch {
    return undefined;
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://bare');
  if (url.pathname === '/health/live') return send(res, { status: 200, body: { status: 'ok' } });
  for (const route of routes) {
    if (route.method !== req.method) continue;
    const match = route.pattern.exec(url.pathname);
    if (!match) continue;
    const auth = authenticate(req);
    if (!auth) return send(res, { status: 401, body: { title: 'Unauthorized', status: 401 } });
    let body: unknown;
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        return send(res, { status: 400, body: { title: 'Bad Request', status: 400 } });
      }
    }
    return send(res, await route.handle(match, url.searchParams, auth, db, body), req.method);
  }
  send(res, { status: 404, body: { title: 'Not Found', status: 404 } });
}

const server = createServer((req, res) => {
  handle(req, res).catch((e: Error) => {
    process.stderr.write(`${e.stack ?? e.message}\n`);
    if (!res.headersSent) send(res, { status: 500, body: { title: 'Internal Server Error', status: 500 } });
  });
});
server.listen(Number(process.env.PORT ?? 3100), '127.0.0.1');

const stop = () => {
  server.close();
  server.closeAllConnections();
  void db.end().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
