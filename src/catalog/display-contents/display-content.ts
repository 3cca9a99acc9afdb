import { sanitizeHtmlBody } from '../../platform/http/html-sanitizer';
import type { ScopedResponse } from '../../platform/http/resource';
import { type DescriptionFormat, type DisplayContentEntity } from './display-content.entity';

/** The texts a create or update body carries (PUT replaces them all). */
export interface DisplayContentTextsBody {
  title: string;
  descriptionFormat?: DescriptionFormat;
  excerpt?: string | null;
  description?: string | null;
  seo?: { metaTitle?: string | null; metaDescription?: string | null; keywords?: string[] };
  externalReference?: string | null;
}

/** The answer's part every display content shares. */
export interface DisplayContentAnswer extends ScopedResponse {
  language: string;
  title: string;
  descriptionFormat: DescriptionFormat;
  excerpt: string | null;
  description: string | null;
  seo: { metaTitle: string | null; metaDescription: string | null; keywords: string[] };
}

/** Html texts are stored sanitised (no scripts, event handlers or javascript: URLs): a storefront shows them as they are. */
const safe = (format: DescriptionFormat, text: string | null | undefined): string | null =>
  text == null ? null : format === 'Html' ? sanitizeHtmlBody(text) : text;

/** Omitted optional texts become null / empty: an update is a full replacement. */
export const displayContentTexts = (body: DisplayContentTextsBody) => ({
  title: body.title,
  descriptionFormat: body.descriptionFormat ?? 'Markdown',
  excerpt: safe(body.descriptionFormat ?? 'Markdown', body.excerpt),
  description: safe(body.descriptionFormat ?? 'Markdown', body.description),
  seoMetaTitle: body.seo?.metaTitle ?? null,
  seoMetaDescription: body.seo?.metaDescription ?? null,
  seoKeywords: body.seo?.keywords ?? [],
  externalReference: body.externalReference ?? null,
});

/** The answer's shared part, mapped from the shared columns. */
export const displayContentAnswer = (e: DisplayContentEntity) => ({
  language: e.language,
  title: e.title,
  descriptionFormat: e.descriptionFormat,
  excerpt: e.excerpt,
  description: e.description,
  seo: { metaTitle: e.seoMetaTitle, metaDescription: e.seoMetaDescription, keywords: e.seoKeywords ?? [] },
});
