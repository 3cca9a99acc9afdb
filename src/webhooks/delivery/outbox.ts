import type { ActivityObserver } from '../../platform/activity/activity-recorder';
import { ALL_ACTIVITIES } from '../../platform/activity/activity-types';
import { workspaceSqlOn } from '../../platform/database/db';
import { insertDeliveries } from './deliveries.queries';

/**
 * The transactional outbox: in the transaction that recorded the activities, one statement
 * inserts the deliveries of every matching active webhook of the workspace and notifies the
 * workers at COMMIT (`insertDeliveries`), so a worker never looks before the rows are visible.
 */
export const webhookOutbox: ActivityObserver = async (manager, ctx, recorded) => {
  if (recorded.length === 0) return;
  await insertDeliveries(workspaceSqlOn(manager, ctx.workspaceId), recorded, ALL_ACTIVITIES);
};
