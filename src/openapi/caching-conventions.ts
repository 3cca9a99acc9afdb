import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Conditional requests, compression and page links in the document (api-conventions §4 and §5;
 * src/platform/http/conditional-requests.ts, compression.ts, page-links.ts), added after Nest has
 * built it, for every operation at once:
 * - every GET answering JSON: its 200 carries `ETag` (the version of one stored resource, else a
 *   weak fingerprint) and `Cache-Control`, and it may answer 304 (If-None-Match);
 * - a GET list that pages with Take/Skip: `Link` on its 200 and 304;
 * - every JSON 2xx may come compressed: `Content-Encoding` and `Vary`.
 */

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

const headers = {
  ReadETag: {
    description:
      'The version of one stored resource (a quoted integer, also what `If-Match` takes on writes), or for ' +
      'any other answer (lists, look-ups, storefront answers) a weak fingerprint of the answer (`W/"…"`). ' +
      'Send it back in `If-None-Match` to get a 304 without a body while the answer is unchanged.',
    required: true,
    schema: { type: 'string', pattern: '^("\\d+"|W/"[A-Za-z0-9_-]{1,64}")$' },
  },
  CacheControl: {
    description:
      '`private, no-cache` unless the operation says otherwise: a client or browser may keep the answer ' +
      '(for this caller only) but revalidates it with `If-None-Match` before each use.',
    required: false,
    schema: { type: 'string', maxLength: 255 },
  },
  Link: {
    description:
      'RFC 8288 links to other pages of the same list: `first`, `prev` (unless the page starts at 0), `next` ' +
      '(while matches remain) and `last`, each this request’s path and query with `Skip` changed, relative to ' +
      'the request: `</core-api/catalog/brands?Take=10&Skip=20>; rel="next"`.',
    required: false,
    schema: { type: 'string' },
  },
  ContentEncoding: {
    description:
      'The answer is compressed (answers of 1 KB or more, when `Accept-Encoding` allows it): `br`, `gzip` or `deflate`.',
    required: false,
    schema: { type: 'string', enum: ['br', 'gzip', 'deflate'] },
  },
  Vary: {
    description: '`accept-encoding` on a compressed answer (possibly with other names).',
    required: false,
    schema: { type: 'string', maxLength: 255 },
  },
};

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, Response>;
  parameters?: Array<{ name?: string; in?: string }>;
}

const notModified = (page: boolean) => ({
  description:
    'Not modified: the `If-None-Match` sent names the current ETag (or is `*`; weak comparison, a list of ' +
    'tags allowed). No body: the copy the caller holds is current.',
  headers: {
    ETag: ref('ReadETag'),
    'Cache-Control': ref('CacheControl'),
    ...(page ? { Link: ref('Link') } : {}),
    'X-Request-Id': ref('XRequestId'),
  },
});

const paged = (op: Operation) => {
  const names = new Set(
    (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name?.toLowerCase()),
  );
  return names.has('take') && names.has('skip');
};

/** Writes the headers and 304 answers above into the document (after `applyDocumentConventions`). */
export function applyCachingConventions(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.headers = { ...(document.components.headers ?? {}), ...headers };
  // Shared by reference: one 304 per GET written out in full would add 60 KB to the document.
  document.components.responses = {
    ...(document.components.responses ?? {}),
    NotModified: notModified(false),
    NotModifiedPage: notModified(true),
  };
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item) as Array<[string, Operation]>) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^2/.test(status) || !response.content?.['application/json']) continue;
        response.headers = {
          ...(response.headers ?? {}),
          'Content-Encoding': ref('ContentEncoding'),
          Vary: ref('Vary'),
        };
      }
      const ok = operation.responses['200'];
      if (method !== 'get' || !ok?.content?.['application/json']) continue;
      const page = paged(operation);
      ok.headers = {
        ...(ok.headers ?? {}),
        ETag: ref('ReadETag'),
        'Cache-Control': ref('CacheControl'),
        ...(page ? { Link: ref('Link') } : {}),
      };
      operation.responses['304'] ??= {
        $ref: `#/components/responses/${page ? 'NotModifiedPage' : 'NotModified'}`,
      };
    }
  }
}
