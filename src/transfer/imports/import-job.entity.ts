import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const importKinds = ['products', 'accounts', 'contacts'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importModes = ['dryRun', 'apply'] as const;
export type ImportMode = (typeof importModes)[number];
export const importPresets = ['shopify', 'googleMerchant'] as const;
export type ImportPreset = (typeof importPresets)[number];
export const importStatuses = ['Queued', 'Running', 'Succeeded', 'Failed', 'Canceled'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importFormats = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** One row's outcome as a job keeps it (the plan of a dry run, bounded: docs/imports.md). */
export interface ImportPlanEntry {
  row: number;
  key: string;
  action: 'create' | 'update' | 'unchanged';
  changes: string[];
}
export interface ImportErrorEntry {
  row: number;
  column: string | null;
  message: string;
}

/**
 * An import of one file (docs/imports.md). Queued by the API, claimed by a worker (any instance:
 * `FOR UPDATE SKIP LOCKED` on `ix_import_jobs_due`) which holds a lease (`leaseUntil`) and a
 * claim token while it runs. Every committed batch moves `checkpoint` (data rows done) with the
 * counts, so a job whose worker died is claimed again when its lease has ended and resumes after
 * its checkpoint. The file lives in the file store (`fileKey`/`fileUrl`) until the job ends.
 */
@Entity('import_jobs')
@Index('ix_import_jobs_created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_import_jobs_status', ['workspaceId', 'status'])
@Index('ix_import_jobs_due', ['createdAt'], { where: `"status" IN ('Queued', 'Running')` })
@Check('ck_import_jobs__kind', `"kind" IN ('products', 'accounts', 'contacts')`)
@Check('ck_import_jobs__mode', `"mode" IN ('dryRun', 'apply')`)
@Check('ck_import_jobs__status', `"status" IN ('Queued', 'Running', 'Succeeded', 'Failed', 'Canceled')`)
@Check('ck_import_jobs__format', `"format" IN ('csv', 'xlsx')`)
@Check('ck_import_jobs__preset', `"preset" IS NULL OR "preset" IN ('shopify', 'googleMerchant')`)
export class ImportJobEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 20 }) kind: ImportKind;
  @Column({ type: 'varchar', length: 10 }) mode: ImportMode;
  @Column({ type: 'varchar', length: 20, default: 'Queued' }) status: ImportStatus;
  @Column({ type: 'varchar', length: 255 }) fileName: string;
  @Column({ type: 'varchar', length: 10 }) format: ImportFormat;
  @Column({ type: 'bigint' }) fileSize: string;
  /** The stored file; null once the job has ended (the file is then deleted). */
  @Column({ type: 'varchar', length: 1024, nullable: true }) fileKey: string | null;
  @Column({ type: 'varchar', length: 2048, nullable: true }) fileUrl: string | null;
  /** The file's header → the sheet's column (null: ignored). */
  @Column({ type: 'jsonb', nullable: true }) mapping: Record<string, string | null> | null;
  @Column({ type: 'boolean', default: false }) createMissingCategories: boolean;
  /** The system whose export the file is (products only): its rows are turned into product rows (docs/imports.md, "Presets"). */
  @Column({ type: 'varchar', length: 20, nullable: true }) preset: ImportPreset | null;
  @Column({ type: 'uuid', nullable: true }) createdById: string | null;
  /** How the file was read (encoding, delimiter), once a worker has opened it. */
  @Column({ type: 'varchar', length: 100, nullable: true }) detectedFormat: string | null;
  @Column({ type: 'integer', nullable: true }) rowsTotal: number | null;
  @Column({ type: 'integer', default: 0 }) rowsProcessed: number;
  /** Data rows done (committed with their batch): where a resumed job goes on. */
  @Column({ type: 'integer', default: 0 }) checkpoint: number;
  @Column({ type: 'integer', default: 0 }) created: number;
  @Column({ type: 'integer', default: 0 }) updated: number;
  @Column({ type: 'integer', default: 0 }) unchanged: number;
  @Column({ type: 'integer', default: 0 }) failed: number;
  /** The first errors (at most 1,000), and how many there were in all. */
  @Column({ type: 'jsonb', default: () => "'[]'", select: false }) errors: ImportErrorEntry[];
  @Column({ type: 'integer', default: 0 }) errorCount: number;
  /** The first rows' plan (at most 1,000 entries). */
  @Column({ type: 'jsonb', default: () => "'[]'", select: false }) plan: ImportPlanEntry[];
  /** Why the job failed as a whole (a missing key column, an unreadable file). */
  @Column({ type: 'text', nullable: true }) failure: string | null;
  @Column({ type: 'uuid', nullable: true }) claimToken: string | null;
  @Column({ type: 'timestamptz', nullable: true }) leaseUntil: Date | null;
  @Column({ type: 'integer', default: 0 }) attempts: number;
  @Column({ type: 'timestamptz', nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) finishedAt: Date | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) requestId: string | null;
}
