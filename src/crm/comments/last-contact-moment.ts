import type { EntityManager } from 'typeorm';
import type { ActivityObserver } from '../../platform/activity/activity-recorder';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { commentEntityTypes } from './comment.entity';

/**
 * Moves `last_contact_moment` of an account or contact (never backwards). Plain SQL on purpose:
 * it records no activity (an observer must not recurse) and leaves `version`/`modified_at` alone,
 * so a client's ETag stays valid after a comment or a deal change touched the account.
 */
export async function touchLastContact(
  manager: EntityManager,
  ctx: RequestContext,
  type: string,
  id: string,
  at: Date,
): Promise<void> {
  const set = 'last_contact_moment = greatest(coalesce(last_contact_moment, $3), $3)';
  if (type === 'Account' || type === 'Contact') {
    await manager.query(
      `UPDATE ${type === 'Account' ? 'accounts' : 'contacts'} SET ${set} WHERE workspace_id = $1 AND id = $2`,
      [ctx.workspaceId, id, at],
    );
  } else if (type === 'Deal') {
    await manager.query(
      `UPDATE accounts SET ${set} WHERE workspace_id = $1 AND id = (SELECT account_id FROM deals WHERE workspace_id = $1 AND id = $2)`,
      [ctx.workspaceId, id, at],
    );
  }
}

const commentable = new Set<string>(commentEntityTypes);

/**
 * Runs inside every transaction that records activities:
 * - an activity about an account or contact (and a deal's, for its account) moves its
 *   lastContactMoment to the activity's timestamp; `{Type}Created` does not (creating the record
 *   is no contact), nor does a change that sets lastContactMoment explicitly (that value wins);
 * - `{Type}Deleted` of a commentable entity removes its comments.
 */
export const lastContactMomentObserver: ActivityObserver = async (manager, ctx, recorded) => {
  const explicit = new Set(
    recorded.filter((a) => /^(Account|Contact)LastContactMomentUpdated$/.test(a.type)).map((a) => a.entityId),
  );
  const done = new Set<string>();
  for (const a of recorded) {
    const deleted = a.type === `${a.entityType}Deleted`;
    if (deleted && commentable.has(a.entityType)) {
      await manager.query('DELETE FROM comments WHERE workspace_id = $1 AND entity_id = $2', [
        ctx.workspaceId,
        a.entityId,
      ]);
    }
    if (deleted || (a.type === `${a.entityType}Created` && a.entityType !== 'Deal')) continue;
    if (explicit.has(a.entityId) || done.has(a.entityId)) continue;
    done.add(a.entityId);
    await touchLastContact(manager, ctx, a.entityType, a.entityId, a.timestamp);
  }
};
