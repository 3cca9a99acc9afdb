import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { WorkspaceForeignKey } from '../../platform/tenancy/foreign-key';

/** A language the workspace writes content in (display contents must use one of these). */
@Entity('supported_languages')
export class SupportedLanguageEntity {
  @PrimaryColumn('uuid') workspaceId: string;
  @PrimaryColumn({ type: 'varchar', length: 10 }) languageCode: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @WorkspaceForeignKey() workspace?: { id: string };
}
