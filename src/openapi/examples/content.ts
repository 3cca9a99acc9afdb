import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the content operations, by operationId. */
export const contentExamples: Record<string, RequestExample> = {
  createContentPage: {
    summary: 'A published page in German',
    body: {
      externalReference: 'PAGE-DELIVERY',
      title: 'Lieferung und Abholung',
      slug: 'lieferung',
      language: 'de',
      bodyFormat: 'Markdown',
      body: '# Lieferung\n\nWir liefern dienstags und donnerstags.',
      isPublished: true,
      publishedAt: '2026-11-01T08:00:00.000Z',
      seo: { metaTitle: 'Lieferung', metaDescription: 'Lieferung und Abholung', keywords: ['Lieferung'] },
    },
    yields: { [ids.contentPage]: 'id' },
    after: ['addSupportedLanguage'],
  },
  updateContentPage: {
    summary: 'Change a page’s body',
    body: {
      id: ids.contentPage,
      externalReference: 'PAGE-DELIVERY',
      title: 'Lieferung und Abholung',
      slug: 'lieferung',
      language: 'de',
      bodyFormat: 'Markdown',
      body: '# Lieferung\n\nWir liefern dienstags, donnerstags und samstags.',
      isPublished: true,
      publishedAt: '2026-11-01T08:00:00.000Z',
      seo: { metaTitle: 'Lieferung', metaDescription: 'Lieferung und Abholung', keywords: ['Lieferung'] },
    },
    path: { id: ids.contentPage },
  },
  createDocumentDirectory: {
    summary: 'A directory for this year’s contracts',
    body: { path: 'contracts/2026' },
  },
};
