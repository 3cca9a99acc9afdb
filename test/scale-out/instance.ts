import type { ChildService } from '../e2e/platform/child-service';

type Json = Record<string, unknown>;

/** One service process of a scale-out suite, called over HTTP. */
export class Instance {
  constructor(
    readonly name: string,
    readonly service: ChildService,
  ) {}

  call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${this.service.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }

  /** The 200 answer's body; any other status throws, with the instance's log on a 5xx. */
  async json<T = Json>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await this.call(method, path, token, body, headers);
    const text = await res.text();
    if (res.status !== 200) {
      const log = res.status >= 500 ? `\n${this.name}'s log:\n${this.service.log.slice(-4000)}` : '';
      throw new Error(`${this.name} ${method} ${path}: ${res.status} ${text}${log}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async login(username: string, password: string, workspaceId?: string): Promise<string> {
    return (
      await this.json<{ accessToken: string }>('POST', '/core-api/auth/login', undefined, {
        username,
        password,
        ...(workspaceId ? { workspaceId } : {}),
      })
    ).accessToken;
  }
}

/**
 * Writes what the instances logged (they log errors only, LOG_LEVEL=error) to stderr, so anything
 * logged is shown with the results.
 */
export function reportLogged(instances: Array<Instance | undefined>): void {
  for (const i of instances) {
    const errors = (i?.service.log ?? '').split('\n').filter((line) => line.startsWith('{'));
    if (i && errors.length > 0)
      process.stderr.write(`${i.name} logged:\n${errors.join('\n').slice(-8000)}\n`);
  }
}
