import type { OpenAPIObject } from '@nestjs/swagger';

const lsn = { type: 'string', pattern: '^[0-9A-F]{1,8}/[0-9A-F]{1,8}$', example: '16/B374D848' };

const parameter = {
  name: 'X-Read-After',
  in: 'header' as const,
  required: false,
  schema: lsn,
  description:
    'The `X-Read-After` of the caller’s last write: the read sees that write whichever instance ' +
    'answers it (docs/scaling.md, "Read replicas"). Unneeded on the instance that took the write, ' +
    'which remembers it for the session or API key; ignored when not a position.',
};

const header = {
  description:
    'Sent when the request committed a write and the service reads from standbys ' +
    '(DATABASE_READ_URLS): the database position after the write. Send it back as `X-Read-After` ' +
    'on the next requests so that their reads see the write on every instance.',
  schema: lsn,
};

/**
 * Read your own writes (`platform/http/read-after.ts`): every operation that needs a token or key
 * takes the optional `X-Read-After` header, and the successful answers of writes (POST, PUT,
 * PATCH, DELETE) may carry it.
 */
export function documentReadAfter(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.parameters = { ...(document.components.parameters ?? {}), ReadAfter: parameter };
  document.components.headers = { ...(document.components.headers ?? {}), ReadAfter: header };
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item) as Array<
      [
        string,
        {
          parameters?: unknown[];
          responses?: Record<string, { headers?: Record<string, unknown> }>;
          security?: unknown[];
        },
      ]
    >) {
      if (typeof operation !== 'object' || !operation?.responses || !operation.security?.length) continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/ReadAfter' }];
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      for (const [status, response] of Object.entries(operation.responses))
        if (/^2/.test(status))
          response.headers = {
            ...(response.headers ?? {}),
            'X-Read-After': { $ref: '#/components/headers/ReadAfter' },
          };
    }
  }
}
