import type { WorkspaceSql } from '../../platform/database/db';
import type { ClientLoginTokenPurpose } from './client-login-token.entity';

/** A consumed token: whom it names (a client login, or the invited email). */
export interface ConsumedToken {
  client_login_id: string | null;
  email: string | null;
}

/**
 * Stores a token's hash, first deleting the workspace's expired tokens and the tokens of the same
 * purpose for the same client login (or invited email): only the newest one works.
 */
export async function storeToken(
  on: WorkspaceSql,
  t: {
    tokenHash: string;
    purpose: ClientLoginTokenPurpose;
    clientLoginId: string | null;
    email: string | null;
    ttlSeconds: number;
  },
): Promise<Date> {
  await on.query(
    `DELETE FROM client_login_tokens
      WHERE workspace_id = $1
        AND (expires_at <= now()
             OR (purpose = $2 AND ($3::uuid IS NOT NULL AND client_login_id = $3
                                   OR $3::uuid IS NULL AND client_login_id IS NULL AND lower(email) = lower($4))))`,
    [on.workspaceId, t.purpose, t.clientLoginId, t.email],
  );
  const [row] = await on.query<{ expires_at: Date }>(
    `WITH ins AS (
       INSERT INTO client_login_tokens (workspace_id, token_hash, purpose, client_login_id, email, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
       RETURNING expires_at)
     SELECT expires_at FROM ins`,
    [on.workspaceId, t.tokenHash, t.purpose, t.clientLoginId, t.email, t.ttlSeconds],
  );
  return new Date(row.expires_at);
}

/**
 * Consumes a token in one statement (the row is deleted): of two concurrent uses one gets the row,
 * the other nothing. Null when the token is unknown, of another purpose or workspace, used or expired.
 */
export async function consumeToken(
  on: WorkspaceSql,
  tokenHash: string,
  purpose: ClientLoginTokenPurpose,
): Promise<ConsumedToken | null> {
  const rows = await on.query<ConsumedToken & { live: boolean }>(
    `WITH used AS (
       DELETE FROM client_login_tokens
        WHERE workspace_id = $1 AND token_hash = $2 AND purpose = $3
        RETURNING client_login_id, email, expires_at > now() AS live)
     SELECT * FROM used`,
    [on.workspaceId, tokenHash, purpose],
  );
  const row = rows[0];
  return row?.live ? { client_login_id: row.client_login_id, email: row.email } : null;
}
