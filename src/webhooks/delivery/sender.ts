import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
 * One POST to a webhook target. Redirects are not followed (a 3xx is a failed attempt); every
 * connection goes through `guardedLookup`, so a private address is refused at connect time as
 * well; the whole exchange (connect, send, answer) is cut after `timeoutMs`. The answer's body is
 * read and dropped (at most the first 64 KiB), so the socket is freed.
 */
export function send(out: Outgoing, timeoutMs: number, allowPrivate: boolean): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const url = new URL(out.url);
    // An IP literal is connected to without a lookup: checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(literal) && !isPublicAddress(literal)) {
      resolve({ statusCode: null, durationMs: 0, error: `${literal} is not a public address` });
      return;
    }
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...out.headers, 'content-length': String(Buffer.byteLength(out.body)) },
        lookup: guardedLookup(allowPrivate) as never,
        // A fresh connection per delivery: a pooled socket would skip the address check.
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy();
        });
        const done = () =>
          finish({
            statusCode: res.statusCode ?? null,
            error:
              res.statusCode && res.statusCode >= 200 && res.statusCode < 300
                ? null
                : `HTTP ${res.statusCode}${res.statusCode && res.statusCode < 400 ? ' (redirects are not followed)' : ''}`,
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
