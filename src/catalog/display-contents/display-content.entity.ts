import { Column } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/** How a description is written: Markdown or HTML. */
export const descriptionFormats = ['Markdown', 'Html'] as const;
export type DescriptionFormat = (typeof descriptionFormats)[number];

/**
 * The columns every display content stores, whatever it describes. Each table's entity adds the
 * column naming what it describes, its foreign key, and its indexes and checks (named for the table).
 */
export abstract class DisplayContentEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 10 }) language: string;
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'varchar', length: 10, default: 'Markdown' }) descriptionFormat: DescriptionFormat;
  @Column({ type: 'text', nullable: true }) excerpt: string | null;
  @Column({ type: 'text', nullable: true }) description: string | null;
  /** `seo.metaTitle`, `seo.metaDescription`, `seo.keywords`. */
  @Column({ type: 'varchar', length: 255, nullable: true }) seoMetaTitle: string | null;
  @Column({ type: 'text', nullable: true }) seoMetaDescription: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) seoKeywords: string[];
}
