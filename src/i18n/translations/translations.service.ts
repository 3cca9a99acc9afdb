import { Inject, Injectable } from '@nestjs/common';
import { serviceUnavailable } from '../../platform/http/problem';
import { translationNotConfigured } from './openai-translation-provider';
import { TRANSLATION_PROVIDER, type TranslationProvider } from './translation-provider';

/** Texts per provider request, and characters per request. */
export const batchTexts = 50;
export const batchCharacters = 20_000;

/**
 * AI translations for the API and for other contexts (the catalog's "translate missing"). Texts
 * go to the provider in batches (at most 50 texts and about 20,000 characters a request); blank
 * ones are not sent.
 */
@Injectable()
export class TranslationsService {
  constructor(@Inject(TRANSLATION_PROVIDER) private readonly provider: TranslationProvider) {}

  /** 503 (saying how to configure it) unless a provider is configured. */
  assertConfigured(): void {
    if (!this.provider.configured) throw serviceUnavailable(translationNotConfigured);
  }

  async translate(texts: string[], sourceLanguage: string, targetLanguage: string): Promise<string[]> {
    this.assertConfigured();
    const out = [...texts];
    if (sourceLanguage === targetLanguage) return out;
    const pending = texts.flatMap((text, index) => (text.trim() ? [{ text, index }] : []));
    for (const batch of batches(pending)) {
      const translated = await this.provider.translate(
        batch.map((b) => b.text),
        sourceLanguage,
        targetLanguage,
      );
      batch.forEach((b, i) => (out[b.index] = translated[i]));
    }
    return out;
  }
}

function* batches<T extends { text: string }>(items: T[]): Generator<T[]> {
  let batch: T[] = [];
  let size = 0;
  for (const item of items) {
    if (batch.length && (batch.length >= batchTexts || size + item.text.length > batchCharacters)) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += item.text.length;
  }
  if (batch.length) yield batch;
}
