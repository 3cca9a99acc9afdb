import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; the signature is `v1,` + base64(HMAC-SHA256(secret bytes, `${id}.${timestamp}.${body}`)),
 * sent with `webhook-id` (stable across retries) and `webhook-timestamp` (seconds, per attempt).
 */
export const secretPrefix = 'whsec_';

export function newSecret(): string {
  return secretPrefix + randomBytes(32).toString('base64');
}

const key = (secret: string) => Buffer.from(secret.slice(secretPrefix.length), 'base64');

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Receiver side (tests, and a reference for subscribers): whether one of the signatures matches. */
export function verify(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(sign(secret, id, Number(timestamp), body));
  return header
    .split(' ')
    .map((s) => Buffer.from(s))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
