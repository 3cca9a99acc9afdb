import type { EntityManager } from 'typeorm';
import type { WorkspaceSql } from './db';

/**
 * The statements of one workspace on a manager handed over without its `Tx`: an activity
 * observer runs on the recording transaction's manager, and its statements must go through it.
 */
export function workspaceSqlOn(manager: EntityManager, workspaceId: string): WorkspaceSql {
  return {
    workspaceId,
    query: <R>(text: string, params: readonly unknown[]) => manager.query(text, [...params]) as Promise<R[]>,
  };
}
