import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeChatCompletions } from '../../../test/support/fake-chat-completions';
import { Problem } from '../../platform/http/problem';
import { OpenAiTranslationProvider } from './openai-translation-provider';

const statusOf = async (promise: Promise<unknown>): Promise<[number, string]> => {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(Problem);
    return [(e as Problem).getStatus(), (e as Problem).detail];
  }
  throw new Error('expected a problem');
};

describe('OpenAiTranslationProvider', () => {
  const fake = new FakeChatCompletions();
  let url: string;
  beforeAll(async () => (url = await fake.start()));
  afterAll(() => fake.close());

  const provider = (key?: string) =>
    new OpenAiTranslationProvider(
      { TRANSLATION_API_URL: `${url}/`, TRANSLATION_MODEL: 'tiny', TRANSLATION_API_KEY: key },
      2000,
    );

  it('answers 503 saying how to configure it when URL or model is missing', async () => {
    const none = new OpenAiTranslationProvider({});
    expect(none.configured).toBe(false);
    const [status, detail] = await statusOf(none.translate(['a'], 'en', 'nl'));
    expect(status).toBe(503);
    expect(detail).toContain('TRANSLATION_API_URL');
    expect(detail).toContain('TRANSLATION_MODEL');
    expect(new OpenAiTranslationProvider({ TRANSLATION_API_URL: url }).configured).toBe(false);
  });

  it('posts the texts to chat/completions with the model and key, and reads the translations', async () => {
    fake.mode = 'ok';
    expect(await provider('sk-test').translate(['Hello', 'Red shirt'], 'en', 'nl')).toEqual([
      '[nl] Hello',
      '[nl] Red shirt',
    ]);
    expect(fake.requests.at(-1)).toEqual({
      authorization: 'Bearer sk-test',
      model: 'tiny',
      texts: ['Hello', 'Red shirt'],
      target: 'nl',
    });
    await provider().translate(['x'], 'en', 'de');
    expect(fake.requests.at(-1)?.authorization).toBeUndefined();
  });

  it('accepts an answer wrapped in a Markdown code fence', async () => {
    fake.mode = 'fenced';
    expect(await provider().translate(['a'], 'en', 'fr')).toEqual(['[fr] a']);
  });

  it('answers 502 for an answer that is not the translations asked for', async () => {
    for (const mode of ['wrong-count', 'garbage'] as const) {
      fake.mode = mode;
      expect((await statusOf(provider().translate(['a', 'b'], 'en', 'nl')))[0]).toBe(502);
    }
  });

  it('answers 503 for refused credentials, a failing server and an unreachable one', async () => {
    fake.mode = 'unauthorized';
    const [status, detail] = await statusOf(provider('wrong').translate(['a'], 'en', 'nl'));
    expect(status).toBe(503);
    expect(detail).toContain('TRANSLATION_API_KEY');
    fake.mode = 'ok';
    expect((await statusOf(provider().translate(['FAIL'], 'en', 'nl')))[0]).toBe(503);
    const unreachable = new OpenAiTranslationProvider(
      { TRANSLATION_API_URL: 'http://127.0.0.1:9/v1', TRANSLATION_MODEL: 'm' },
      2000,
    );
    expect((await statusOf(unreachable.translate(['a'], 'en', 'nl')))[0]).toBe(503);
  });
});
