import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization?: string;
  model: string;
  texts: string[];
  target: string;
}

/**
 * An OpenAI-compatible `POST /chat/completions` on a loopback port, for tests: it "translates"
 * each text of the user message to `[<target>] <text>`. `mode` makes it misbehave; a text
 * containing `FAIL` makes it answer 500.
 */
export class FakeChatCompletions {
  readonly requests: ChatRequest[] = [];
  mode: 'ok' | 'fenced' | 'wrong-count' | 'garbage' | 'unauthorized' = 'ok';
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      model: string;
      messages: Array<{ role: string; content: string }>;
    };
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const target = /to [^(]+\((\w+)\)\./.exec(system)?.[1] ?? '?';
    const texts = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '[]') as string[];
    this.requests.push({ authorization: req.headers.authorization, model: body.model, texts, target });
    if (this.mode === 'unauthorized') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
      return;
    }
    if (texts.some((t) => t.includes('FAIL'))) {
      res.writeHead(500).end('boom');
      return;
    }
    const translations = texts.map((t) => `[${target}] ${t}`);
    if (this.mode === 'wrong-count') translations.pop();
    let content = JSON.stringify({ translations });
    if (this.mode === 'fenced') content = '```json\n' + content + '\n```';
    if (this.mode === 'garbage') content = 'Sure! Here are your translations.';
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        choices: [{ index: 0, message: { role: 'assistant', content } }],
      }),
    );
  }
}
