/**
 * Machine translation. One adapter ships: an OpenAI-compatible chat completions API
 * (`OpenAiTranslationProvider`). Failures are problems: 503 when not configured, not reachable or
 * refusing the credentials, 502 when its answer cannot be used.
 */
export interface TranslationProvider {
  /** Whether the provider can be called at all (else `translate` answers 503). */
  readonly configured: boolean;
  /** The texts translated, in their order (as many as given). Languages are ISO 639-1 codes. */
  translate(texts: string[], sourceLanguage: string, targetLanguage: string): Promise<string[]>;
}

export const TRANSLATION_PROVIDER = Symbol('TranslationProvider');
