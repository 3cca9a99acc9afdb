import argon2 from 'argon2';

/** argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// A real hash to verify against when the user does not exist, so both paths take as long.
const decoy = hashPassword('decoy-password-for-timing');

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    if (!hash) {
      await argon2.verify(await decoy, password);
      return false;
    }
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
