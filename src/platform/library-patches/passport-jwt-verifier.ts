import { Strategy } from 'passport-jwt';
import { JwtVerifier, rememberVerifiedTokens } from './verified-tokens';

let installed = false;

/**
 * passport-jwt (4.0.1, see pinned-versions.ts) verifies every token through the replaceable
 * static `Strategy.JwtVerifier`; wrapping it lets a token presented again skip the HMAC and JSON
 * work (see verified-tokens.ts). Idempotent.
 */
export function rememberPassportJwtVerifications(): void {
  if (installed) return;
  installed = true;
  const statics = Strategy as unknown as { JwtVerifier: JwtVerifier };
  statics.JwtVerifier = rememberVerifiedTokens(statics.JwtVerifier);
}
