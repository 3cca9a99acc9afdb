/** passport-jwt's verifier: `jsonwebtoken.verify` with the strategy's key and options. */
export type JwtVerifier = (
  token: string,
  key: unknown,
  options: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) => void;

interface Verified {
  payload: unknown;
  /** ms since the epoch: the token's `exp`. */
  expiresAt: number;
}

/**
 * Remembers the tokens a verifier accepted, per key, until they expire: a client presents the
 * same access token on every request, and verifying it again (HMAC, base64 and JSON decoding)
 * was a visible share of a request's CPU. The cache is keyed by the whole token, signature
 * included, so only the very string that was verified hits. Failures are never remembered; tokens
 * without `exp`, or with `nbf`, are always verified. Revocation is not the verifier's business
 * (the session check after it decides).
 */
export function rememberVerifiedTokens(
  verify: JwtVerifier,
  { maxEntries = 10_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {},
): JwtVerifier {
  const byKey = new WeakMap<object, Map<string, Verified>>();
  const cacheOf = (key: unknown) => {
    if (typeof key !== 'object' || key === null) return undefined;
    let entries = byKey.get(key);
    if (!entries) byKey.set(key, (entries = new Map()));
    return entries;
  };
  return (token, key, options, done) => {
    const cache = cacheOf(key);
    const hit = cache?.get(token);
    if (hit && hit.expiresAt > now()) return done(null, hit.payload);
    if (hit) cache!.delete(token);
    verify(token, key, options, (error, payload) => {
      const claims = payload as { exp?: unknown; nbf?: unknown } | undefined;
      if (cache && !error && claims && typeof claims.exp === 'number' && claims.nbf === undefined) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(token, { payload, expiresAt: claims.exp * 1000 });
      }
      done(error, payload);
    });
  };
}
