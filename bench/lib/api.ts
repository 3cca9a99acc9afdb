/** A small client of the service's HTTP API, used to seed through the services and to check answers. */
export class Api {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  withToken(token: string): Api {
    return new Api(this.baseUrl, token);
  }

  get bearer(): string {
    if (!this.token) throw new Error('not logged in');
    return `Bearer ${this.token}`;
  }

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  }

  /** The call's body when it answers 200, otherwise an error naming the call and the problem. */
  async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status !== 200)
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  }
}

/** Runs `work` for 0…count-1 with at most `concurrency` in flight; stops at the first failure. */
export async function inParallel(
  count: number,
  concurrency: number,
  work: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
