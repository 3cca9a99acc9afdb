import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WorkspaceEntity } from '../../identity/workspaces/workspace.entity';

/** A language the workspace writes content in (display contents must use one of these). */
@Entity('supported_languages')
export class SupportedLanguageEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn({ type: 'varchar', length: 10 }) languageCode: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
