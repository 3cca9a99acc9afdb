import ISO6391 from 'iso-639-1';
import type { Env } from '../../config/env';
import { badGateway, serviceUnavailable } from '../../platform/http/problem';
import type { TranslationProvider } from './translation-provider';

export const translationNotConfigured =
  'AI translations are not configured. Set TRANSLATION_API_URL (an OpenAI-compatible API base URL, e.g. ' +
  'https://api.openai.com/v1 or http://localhost:11434/v1 for a local server), TRANSLATION_MODEL (e.g. ' +
  'gpt-4o-mini) and, when the server needs one, TRANSLATION_API_KEY in the environment, then restart the service.';

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
}

const languageName = (code: string) => (ISO6391.getName(code) || code) + ` (${code})`;

/** The JSON object in a model's answer, without the Markdown code fence some models add. */
function parseAnswer(content: string): unknown {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  return JSON.parse(text);
}

/**
 * Translates through `POST {TRANSLATION_API_URL}/chat/completions` (OpenAI, Azure OpenAI
 * compatible gateways, vLLM, Ollama, LM Studio, …): one request per batch, the texts as a JSON
 * array, the answer as `{"translations": [...]}` of the same length.
 */
export class OpenAiTranslationProvider implements TranslationProvider {
  constructor(
    private readonly env: Pick<Env, 'TRANSLATION_API_URL' | 'TRANSLATION_MODEL' | 'TRANSLATION_API_KEY'>,
    private readonly timeoutMs = 60_000,
  ) {}

  get configured(): boolean {
    return !!this.env.TRANSLATION_API_URL && !!this.env.TRANSLATION_MODEL;
  }

  async translate(texts: string[], sourceLanguage: string, targetLanguage: string): Promise<string[]> {
    if (!this.configured) throw serviceUnavailable(translationNotConfigured);
    if (texts.length === 0) return [];
    const url = `${this.env.TRANSLATION_API_URL!.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.env.TRANSLATION_API_KEY) headers.authorization = `Bearer ${this.env.TRANSLATION_API_KEY}`;
    const body = {
      model: this.env.TRANSLATION_MODEL,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content:
            `You are a professional translator. Translate each string of the JSON array the user sends from ` +
            `${languageName(sourceLanguage)} to ${languageName(targetLanguage)}. Keep Markdown, HTML tags, URLs, ` +
            `placeholders such as {name} or %s, and line breaks as they are. Answer with only a JSON object ` +
            `{"translations": [...]} holding exactly ${texts.length} strings, in the same order.`,
        },
        { role: 'user', content: JSON.stringify(texts) },
      ],
    };
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw serviceUnavailable('The translation service did not answer in time or could not be reached.');
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw serviceUnavailable('The translation service refused the credentials: check TRANSLATION_API_KEY.');
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      throw serviceUnavailable(
        `The translation service is busy or failing (HTTP ${res.status}); try again later.`,
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw badGateway(
        `The translation service refused the request (HTTP ${res.status}): check TRANSLATION_MODEL.`,
      );
    }
    let translations: unknown;
    try {
      const completion = (await res.json()) as ChatCompletion;
      translations = (
        parseAnswer(completion.choices?.[0]?.message?.content ?? '') as { translations?: unknown }
      )?.translations;
    } catch {
      throw badGateway('The translation service answered something that is not the JSON asked for.');
    }
    if (
      !Array.isArray(translations) ||
      translations.length !== texts.length ||
      !translations.every((t) => typeof t === 'string')
    ) {
      throw badGateway(`The translation service did not answer ${texts.length} translations.`);
    }
    return translations as string[];
  }
}
