import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The text every API key starts with. Fixed, so secret scanners can match every key the service
 * ever issued: `trade_live_` then 128 lower-case hex digits (docs/security.md, "API keys").
 */
export const apiKeyPrefix = 'trade_live_';

/** What a key names: its row (id and workspace, not secret) and its 32 random bytes (the secret). */
export interface ApiKeyParts {
  id: string;
  workspaceId: string;
  secret: Buffer;
}

const hex = (uuid: string) => uuid.replace(/-/g, '');
const uuid = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
const shape = new RegExp(`^${apiKeyPrefix}([0-9a-f]{32})([0-9a-f]{32})([0-9a-f]{64})$`);

/** A new key for the row `id` of `workspaceId`: the text shown once, and the hash that is stored. */
export function newApiKey(id: string, workspaceId: string): { key: string; hash: string } {
  const secret = randomBytes(32);
  return {
    key: `${apiKeyPrefix}${hex(id)}${hex(workspaceId)}${secret.toString('hex')}`,
    hash: hashOf(secret),
  };
}

/** The parts of a presented key, or undefined when it is not shaped like one. */
export function parseApiKey(key: string): ApiKeyParts | undefined {
  const m = shape.exec(key);
  return m ? { id: uuid(m[1]), workspaceId: uuid(m[2]), secret: Buffer.from(m[3], 'hex') } : undefined;
}

/**
 * SHA-256 of the secret, hex. A fast hash is right here: the secret is 256 random bits, so there
 * is nothing to guess that a slow password hash would protect (docs/security.md).
 */
export function hashOf(secret: Buffer): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` hashes to `hash`, compared in constant time. */
export function secretMatches(secret: Buffer, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = createHash('sha256').update(secret).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The start of a key shown in lists, so a person can tell keys apart: not secret (it is the id). */
export const apiKeyHint = (id: string) => `${apiKeyPrefix}${hex(id).slice(0, 8)}…`;
