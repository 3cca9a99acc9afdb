import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { AttemptErrorClass } from '../webhooks/webhook.entity';
import { guardedLookup, isPublicAddress, TargetRefused } from './target-address';

/** How much of an answer's body the attempt log keeps (bytes, decoded as UTF-8). */
export const excerptBytes = 1024;
/** An answer's body is read up to this much, then the connection is dropped. */
const maxBodyBytes = 64 * 1024;

export interface SendResult {
  /** The receiver's status code; null when no answer came (refused, unreachable, timed out). */
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed without an answer (or with a redirect); null for an answer. */
  errorClass: AttemptErrorClass | null;
  /** One line for the log: null for a 2xx answer. */
  error: string | null;
  /** The first `excerptBytes` of the answer's body; null without an answer or with an empty body. */
  excerpt: string | null;
}

export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The class of a failed request, from Node's error codes. */
export function errorClassOf(err: NodeJS.ErrnoException): AttemptErrorClass {
  if (err instanceof TargetRefused)
    return /does not resolve/.test(err.message) ? 'DnsFailure' : 'RefusedTarget';
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return 'ConnectionRefused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || err.message === 'socket hang up') return 'ConnectionReset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'DnsFailure';
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
  )
    return 'TlsError';
  if (code === 'ETIMEDOUT') return 'Timeout';
  return 'NetworkError';
}

/**
 * POSTs to webhook targets over kept-alive connections (kept open between rounds, up to the
 * receiver's keep-alive timeout).
 * Redirects are not followed (a 3xx is a failed attempt). Every new connection goes through
 * `guardedLookup`, so a name resolving to a private address is refused when connecting (a
 * kept-alive connection was checked when it was opened); an IP literal, which needs no lookup, is
 * checked before the request. The whole exchange (connect, send, answer) is cut after
 * `timeoutMs`; the answer's body is read up to 64 KiB and its first 1 KiB kept.
 */
export class Sender {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;

  /**
   * `maxSockets`: connections per host, at least the sends a round runs at once, so no request
   * waits in the agent's queue (its timeout, and the claim's lease, would run while it waits).
   */
  constructor(
    private readonly allowPrivate: boolean,
    maxSockets: number,
  ) {
    const options = {
      keepAlive: true,
      maxSockets,
      // Kept open between rounds: a new connection per send cost about 8 % of the process's CPU.
      maxFreeSockets: maxSockets,
      lookup: guardedLookup(allowPrivate) as never,
    };
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
        errorClass: 'RefusedTarget',
        error: `${literal} is not a public address`,
        excerpt: null,
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
          const kept: Buffer[] = [];
          let keptBytes = 0;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (keptBytes < excerptBytes) {
              kept.push(chunk.subarray(0, excerptBytes - keptBytes));
              keptBytes += Math.min(chunk.length, excerptBytes - keptBytes);
            }
            if (read > maxBodyBytes) res.destroy();
          });
          const code = res.statusCode ?? null;
          const done = () => {
            const ok = code !== null && code >= 200 && code < 300;
            const redirect = code !== null && code >= 300 && code < 400;
            // A cut multi-byte character at the end decodes as U+FFFD: drop it.
            const excerpt = keptBytes
              ? Buffer.concat(kept)
                  .toString('utf8')
                  .replace(/\uFFFD$/, '')
              : null;
            finish({
              statusCode: code,
              errorClass: redirect ? 'RedirectNotFollowed' : null,
              error: ok ? null : `HTTP ${code}${redirect ? ' (redirects are not followed)' : ''}`,
              excerpt,
            });
          };
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({
          statusCode: null,
          errorClass: 'Timeout',
          error: `timed out after ${timeoutMs} ms`,
          excerpt: null,
        });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish({
          statusCode: null,
          errorClass: errorClassOf(err),
          error: err.message.slice(0, 500),
          excerpt: null,
        }),
      );
      req.end(out.body);
    });
  }
}
