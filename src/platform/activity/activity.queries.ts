import type { Queryable } from '../database/queryable';

/**
 * A part of a data-modifying statement (a CTE member) that completes the `newValue` of a Created
 * activity recorded earlier in the same transaction with values only that statement computes (an
 * order's number and totals), so a write that must end on a locking statement need not record its
 * activity after it. `activityId` and `workspaceId` are the statement's parameters (`$5`), `from`
 * the CTE whose one row the expressions of `fields` read; member names are the API's.
 */
export function completeCreatedActivity(
  activityId: string,
  workspaceId: string,
  from: string,
  fields: Record<string, string>,
): string {
  const members = Object.entries(fields).map(([name, expression]) => {
    if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`Not a member name: ${name}`);
    return `'${name}', ${expression}`;
  });
  return `UPDATE activities
       SET data = jsonb_set(data, '{newValue}', (data -> 'newValue') || jsonb_build_object(${members.join(', ')}))
      FROM ${from}
     WHERE activities.workspace_id = ${workspaceId} AND activities.id = ${activityId}`;
}

/** An activity as the recorder writes it. */
export interface ActivityRow {
  id: string;
  workspaceId: string;
  entityId: string;
  entityType: string;
  type: string;
  timestamp: Date;
  actorId: string | null;
  actorType: string;
  data: object;
  requestId: string | null;
}

/** Inserts recorded activities in one statement (`seq` and nothing else from the database). */
export async function insertActivities(db: Queryable, rows: readonly ActivityRow[]): Promise<void> {
  const column = <K extends keyof ActivityRow>(key: K) => rows.map((r) => r[key]);
  await db.query(
    `INSERT INTO activities (id, workspace_id, entity_id, entity_type, type, timestamp, actor_id, actor_type, data, request_id)
     SELECT a.id, a.workspace_id, a.entity_id, a.entity_type, a.type, a.timestamp, a.actor_id, a.actor_type, a.data::jsonb, a.request_id
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::uuid[],
                   $8::text[], $9::text[], $10::text[])
            AS a(id, workspace_id, entity_id, entity_type, type, timestamp, actor_id, actor_type, data, request_id)`,
    [
      column('id'),
      column('workspaceId'),
      column('entityId'),
      column('entityType'),
      column('type'),
      column('timestamp'),
      column('actorId'),
      column('actorType'),
      rows.map((r) => JSON.stringify(r.data)),
      column('requestId'),
    ],
  );
}
