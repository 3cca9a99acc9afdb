import { JoinColumn, ManyToOne } from 'typeorm';
import type { JoinColumnOptions } from 'typeorm';

type OnDelete = 'CASCADE' | 'SET NULL' | 'NO ACTION' | 'RESTRICT';

/**
 * The tables every workspace shares (reference tables on a distributed PostgreSQL): a key to
 * them is the bare id. Every other table holds one workspace's rows, keyed by (id, workspace_id).
 */
export const globalTables: readonly string[] = ['users', 'workspaces'];

/**
 * The join columns of a key to another workspace table: `(workspace_id, column)` references
 * `(workspace_id, id)`, so a row can only name a row of its own workspace and the schema can be
 * distributed by workspace_id. `workspace_id` is shared with the row's own column.
 * With ON DELETE SET NULL the migration says `SET NULL ("column")`: only the reference is
 * cleared, never the workspace (TypeORM cannot spell the column list; it reads back as SET NULL).
 */
export const sameWorkspace = (column: string): JoinColumnOptions[] => [
  { name: 'workspace_id', referencedColumnName: 'workspaceId' },
  { name: column, referencedColumnName: 'id' },
];

/**
 * A foreign key from `column` to the `id` of another context's table, named by its table so the
 * entity need not import that context's class: contexts meet through services, and the
 * database still enforces the reference. The property is never loaded; its type only names the key.
 * A key to a workspace table includes workspace_id (see `sameWorkspace`).
 */
export const ForeignKeyTo =
  (table: string, column: string, onDelete: OnDelete): PropertyDecorator =>
  (target, property) => {
    ManyToOne(table, { onDelete })(target, property as string);
    const joinColumns = globalTables.includes(table) ? [{ name: column }] : sameWorkspace(column);
    JoinColumn(joinColumns)(target, property as string);
  };

/** The workspace foreign key every workspace table carries: deleting a workspace deletes its rows. */
export const WorkspaceForeignKey = (): PropertyDecorator =>
  ForeignKeyTo('workspaces', 'workspace_id', 'CASCADE');
