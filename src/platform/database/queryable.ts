/**
 * Where a statement on tables of no workspace (users, sessions, the claim queues) runs: a pool, a
 * query runner or a transaction's manager. A file of its own so that query files (the activity
 * recorder's among them) need not import db.ts, which imports the recorder.
 */
export interface Queryable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TypeORM types it
  query(text: string, params?: readonly unknown[]): Promise<any>;
}
