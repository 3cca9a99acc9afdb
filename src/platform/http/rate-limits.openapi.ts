import type { OpenAPIObject } from '@nestjs/swagger';

const callers = '(api-key|user|client)';

const headers = {
  RateLimitPolicy: {
    description:
      'The quotas this request counts against (draft-ietf-httpapi-ratelimit-headers): the caller’s (`api-key`, `user` or `client`) and its workspace’s, each with `q` requests per window of `w` seconds. Sent on every answer of an authenticated request.',
    schema: {
      type: 'string',
      pattern: `^"${callers}";q=\\d+;w=\\d+, "workspace";q=\\d+;w=\\d+$`,
      example: '"api-key";q=6000;w=60, "workspace";q=30000;w=60',
    },
  },
  RateLimit: {
    description:
      'What is left of each quota of `RateLimit-Policy` (`r` requests) and the seconds until its window ends (`t`).',
    schema: {
      type: 'string',
      pattern: `^"${callers}";r=\\d+;t=\\d+, "workspace";r=\\d+;t=\\d+$`,
      example: '"api-key";r=5999;t=42, "workspace";r=29950;t=42',
    },
  },
};

const tooMany =
  'Over the rate limit of the caller (API key, user or client login) or of its workspace: retry after `Retry-After` seconds (docs/security.md, "Rate limits")';

interface Response {
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

/**
 * Every operation that needs a token or key is rate-limited by the guard: its answers carry
 * `RateLimit-Policy` and `RateLimit` (always on success; on a refusal the guard gave after
 * counting: 403, 429), and it may answer 429. Run before the document conventions, which add
 * `Retry-After` to every 429.
 */
export function documentRateLimits(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.headers = { ...(document.components.headers ?? {}), ...headers };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as Array<{
      responses?: Record<string, Response>;
      security?: unknown[];
    }>) {
      if (typeof operation !== 'object' || !operation?.responses || !operation.security?.length) continue;
      const responses = operation.responses;
      if (responses[429]) responses[429].description = `${responses[429].description}; or: ${tooMany}`;
      else
        responses[429] = {
          description: tooMany,
          content: {
            'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemResponse' } },
          },
        };
      for (const [status, response] of Object.entries(responses)) {
        if (status === '401') continue;
        const required = /^2/.test(status) || status === '429';
        response.headers = {
          ...(response.headers ?? {}),
          'RateLimit-Policy': required ? { ...headers.RateLimitPolicy, required } : ref('RateLimitPolicy'),
          RateLimit: required ? { ...headers.RateLimit, required } : ref('RateLimit'),
        };
      }
    }
  }
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
