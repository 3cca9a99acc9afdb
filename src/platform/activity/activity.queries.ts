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
