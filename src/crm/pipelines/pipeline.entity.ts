import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';

export const statusKinds = ['Open', 'Won', 'Lost'] as const;
export type StatusKind = (typeof statusKinds)[number];

export const customFieldTypes = ['Text', 'Number', 'Date', 'Boolean'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** A field that deals of the pipeline may carry in `customFields` (validated by type). */
export interface PipelineCustomField {
  key: string;
  label: string;
  type: CustomFieldType;
}

/**
 * A sales pipeline: its stages live in `pipeline_statuses`; `tags` are the default tags of a new
 * deal in the pipeline, `customFields` the extra fields its deals may carry (jsonb, read whole).
 * Deals reference the pipeline without cascade, so deleting a pipeline in use is a 409.
 */
@Entity('pipelines')
@Index('ix_pipelines_title', ['workspaceId', 'title', 'id'])
@Index('ix_pipelines_external_reference', ['workspaceId', 'externalReference'])
export class PipelineEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'jsonb', default: () => "'[]'" }) customFields: PipelineCustomField[];
}

/**
 * A stage of a pipeline. `(workspace_id, pipeline_id, id)` is unique so that a deal's composite
 * foreign key can only name a status of the deal's own pipeline: the database, not only the
 * service, keeps `statusId` inside the pipeline.
 */
@Entity('pipeline_statuses')
@Index('uq_pipeline_statuses__id', ['workspaceId', 'pipelineId', 'id'], { unique: true })
@Check('ck_pipeline_statuses__success_rate', '"success_rate" BETWEEN 0 AND 100')
@Check('ck_pipeline_statuses__kind', `"kind" IN ('Open', 'Won', 'Lost')`)
export class PipelineStatusEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') pipelineId: string;
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'integer' }) displayOrder: number;
  @Column({ type: 'integer' }) successRate: number;
  @Column({ type: 'varchar', length: 10 }) kind: StatusKind;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => PipelineEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('pipeline_id'))
  pipeline?: PipelineEntity;
}
