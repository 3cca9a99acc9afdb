import { JoinColumn, ManyToOne } from 'typeorm';

type OnDelete = 'CASCADE' | 'SET NULL' | 'NO ACTION' | 'RESTRICT';

/**
 * A foreign key from `column` to the `id` of another context's table, named by its table so the
 * entity need not import that context's class: contexts meet through services, and the
 * database still enforces the reference. The property is never loaded; its type only names the key.
 */
export const ForeignKeyTo =
  (table: string, column: string, onDelete: OnDelete): PropertyDecorator =>
  (target, property) => {
    ManyToOne(table, { onDelete })(target, property as string);
    JoinColumn({ name: column })(target, property as string);
  };

/** The workspace foreign key every workspace table carries: deleting a workspace deletes its rows. */
export const WorkspaceForeignKey = (): PropertyDecorator =>
  ForeignKeyTo('workspaces', 'workspace_id', 'CASCADE');
