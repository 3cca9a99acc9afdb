import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPublicAddress } from './target-address';

export interface SendResult {
  /** The receiver's status code; null when no answer came (refused, unreachable, timed out). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * POSTs to webhook targets. Redirects are not followed (a 3xx is a failed attempt). Every new
 * connection goes through `guardedLookup`, so a name resolving to a private address is refused
 * when connecting (a kept-alive connection was checked when it was opened); an IP literal, which
 * needs no lookup, is checked before the request. The whole exchange (connect, send, answer) is
 * cut after `timeoutMs`; the answer's body is read and dropped (at most 64 KiB).
 */
export class Sender {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;

  constructor(private readonly allowPrivate: boolean) {
    const options = { keepAlive: true, maxSockets: 8, lookup: guardedLookup(allowPrivate) as never };
    this.http = new HttpAgent(options);
    this.https = new HttpsAgent(options);
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }

  send(out: Outgoing, timeoutMs: number): Promise<SendResult> {
    const started = performance.now();
    const url = new URL(out.url);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.allowPrivate && isIP(literal) && !isPublicAddress(literal))
      return Promise.resolve({
        statusCode: null,
        durationMs: 0,
        error: `${literal} is not a public address`,
      });
    return new Promise((resolve) => {
      let settled = false;
      const finish = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Math.round(performance.now() - started) });
      };
      const https = url.protocol === 'https:';
      const req = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers: { ...out.headers, 'content-length': String(Buffer.byteLength(out.body)) },
          agent: https ? this.https : this.http,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > 64 * 1024) res.destroy();
          });
          const code = res.statusCode ?? null;
          const done = () =>
            finish({
              statusCode: code,
              error:
                code !== null && code >= 200 && code < 300
                  ? null
                  : `HTTP ${code}${code !== null && code < 400 ? ' (redirects are not followed)' : ''}`,
            });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ statusCode: null, error: `timed out after ${timeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err) => finish({ statusCode: null, error: err.message.slice(0, 500) }));
      req.end(out.body);
    });
  }
}
