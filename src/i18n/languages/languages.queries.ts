import type { WorkspaceSql } from '../../platform/database/db';

/** A workspace's content languages: those it supports (by code) and its default. */
export interface WorkspaceLanguageRow {
  defaultLanguage: string;
  supported: string[];
}

/** The workspace's supported languages and its default language, in one statement (null: no such workspace). */
export async function workspaceLanguages(on: WorkspaceSql): Promise<WorkspaceLanguageRow | null> {
  const [row] = await on.query<WorkspaceLanguageRow>(
    `SELECT w.default_language AS "defaultLanguage",
            ARRAY(SELECT s.language_code FROM supported_languages s
                   WHERE s.workspace_id = w.id ORDER BY s.language_code) AS supported
       FROM workspaces w WHERE w.id = $1`,
    [on.workspaceId],
  );
  return row ?? null;
}

/**
 * The workspace's default language, its row locked until the transaction ends (a removal of a
 * supported language and a change of the default take turns).
 */
export async function lockDefaultLanguage(on: WorkspaceSql): Promise<string | null> {
  const [row] = await on.query<{ code: string }>(
    'SELECT w.default_language AS code FROM workspaces w WHERE w.id = $1 FOR UPDATE',
    [on.workspaceId],
  );
  return row?.code ?? null;
}
