import { workspaceSqlOn, type WorkspaceSql } from '../../platform/database/db';
import type { ActivityObserver } from '../../platform/activity/activity-recorder';
import { commentEntityTypes } from './comment.entity';
import {
  deleteCommentsOn,
  touchDealAccountLastContactMoment,
  touchLastContactMoment,
} from './comments.queries';

/**
 * Moves `last_contact_moment` of an account or contact (never backwards); a deal's moves its
 * account's. Plain SQL on purpose: it records no activity (an observer must not recurse) and leaves
 * `version`/`modified_at` alone, so a client's ETag stays valid after a comment or a deal change
 * touched the account.
 */
export async function touchLastContact(tx: WorkspaceSql, type: string, id: string, at: Date): Promise<void> {
  if (type === 'Account') await touchLastContactMoment(tx, 'accounts', id, at);
  else if (type === 'Contact') await touchLastContactMoment(tx, 'contacts', id, at);
  else if (type === 'Deal') await touchDealAccountLastContactMoment(tx, id, at);
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
  const tx = workspaceSqlOn(manager, ctx.workspaceId);
  const explicit = new Set(
    recorded.filter((a) => /^(Account|Contact)LastContactMomentUpdated$/.test(a.type)).map((a) => a.entityId),
  );
  const done = new Set<string>();
  for (const a of recorded) {
    const deleted = a.type === `${a.entityType}Deleted`;
    if (deleted && commentable.has(a.entityType)) {
      await deleteCommentsOn(tx, a.entityId);
    }
    if (deleted || (a.type === `${a.entityType}Created` && a.entityType !== 'Deal')) continue;
    if (explicit.has(a.entityId) || done.has(a.entityId)) continue;
    done.add(a.entityId);
    await touchLastContact(tx, a.entityType, a.entityId, a.timestamp);
  }
};
