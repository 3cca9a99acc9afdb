import { Check, Column, Entity, Index } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const documentTypes = ['Directory', 'File'] as const;
export type DocumentType = (typeof documentTypes)[number];

/**
 * An entry of the workspace's document tree: a directory or a file, by its path relative to the
 * workspace's root (`contracts/2026/offer.pdf`, unique per workspace: `uq_documents__path`). A
 * file's bytes are stored under `fileKey` (made by the service, never from the path) and counted
 * in `stored_files`. Paths sort byte-wise (collation "C"), so the unique index also serves the
 * prefix ranges of a subtree.
 */
@Entity('documents')
@Index('uq_documents__path', ['workspaceId', 'path'], { unique: true })
@Index('ix_documents__parent_path', ['workspaceId', 'parentPath'])
@Check('ck_documents__type', `"type" IN ('Directory', 'File')`)
export class DocumentEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 1024, collation: 'C' }) path: string;
  /** The directory holding it (`''` at the root). */
  @Column({ type: 'varchar', length: 1024, collation: 'C' }) parentPath: string;
  @Column({ type: 'varchar', length: 255 }) name: string;
  /** Segments in `path` (1 at the root). */
  @Column({ type: 'smallint' }) depth: number;
  @Column({ type: 'varchar', length: 10 }) type: DocumentType;
  @Column({ type: 'bigint', nullable: true }) size: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) contentType: string | null;
  @Column({ type: 'varchar', length: 1024, nullable: true }) fileKey: string | null;
  /** The stored file's URL as `stored_files` records it (never served: documents are private). */
  @Column({ type: 'varchar', length: 1024, nullable: true }) fileUrl: string | null;
}
