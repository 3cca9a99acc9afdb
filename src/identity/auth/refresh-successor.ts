import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The successor's refresh secret, kept on a rotated session for the grace period (auth.service.ts
 * `refresh`), sealed so that only the rotated refresh token opens it: AES-256-GCM under a key
 * derived (HKDF-SHA-256) from that token's secret, which the database never holds (it keeps its
 * SHA-256 only, from which the key cannot be derived). Someone who reads the database learns
 * nothing of either token; someone who holds the rotated token learns the successor only while
 * the service still honours the grace period, as a concurrent refresh would. The successor's id
 * is bound in (additional data): a sealed secret moved to another row does not open.
 */

const keyOf = (secret: string, sessionId: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from(sessionId), 'refresh-successor', 32),
  );

export function sealSuccessor(
  rotated: { id: string; secret: string },
  successor: { id: string; secret: string },
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(rotated.secret, rotated.id), iv);
  cipher.setAAD(Buffer.from(successor.id));
  const sealed = Buffer.concat([cipher.update(successor.secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor's refresh secret, or undefined when `sealed` does not open with this token. */
export function openSuccessor(
  rotated: { id: string; secret: string },
  successorId: string,
  sealed: string,
): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(rotated.secret, rotated.id),
      bytes.subarray(0, 12),
    );
    decipher.setAAD(Buffer.from(successorId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
