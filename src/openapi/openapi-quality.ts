import type { OpenAPIObject } from '@nestjs/swagger';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name?: string; in?: string }>;
  responses?: Record<
    string,
    {
      description?: string;
      $ref?: string;
      content?: Record<string, { schema?: unknown }>;
      headers?: Record<string, unknown>;
    }
  >;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, unknown> }> };
}

/**
 * Nullable schemas a strict OpenAPI 3.0 validator rejects null for (3.0.3: `nullable` adds null
 * only to a `type` beside it, and an `enum` must list null itself): `nullable` beside
 * `allOf`/`anyOf`/`oneOf`/`$ref` or without `type`, and a nullable `enum` without null.
 */
export function nullableProblems(node: unknown, where: string, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => nullableProblems(item, `${where}/${i}`, out));
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true) {
      const composed = ['allOf', 'anyOf', 'oneOf', '$ref'].filter((k) => k in schema);
      if (composed.length) out.push(`${where}: nullable beside ${composed.join(', ')} does not admit null`);
      else if (!schema.type) out.push(`${where}: nullable without type does not admit null`);
      if (Array.isArray(schema.enum) && !schema.enum.includes(null))
        out.push(`${where}: nullable enum without null does not admit null`);
    }
    for (const [key, value] of Object.entries(schema))
      if (key !== 'example' && key !== 'examples' && key !== 'default')
        nullableProblems(value, `${where}/${key}`, out);
  }
  return out;
}

/**
 * What client generators and partners stumble over, one line per finding (empty: none): an
 * operationId that is missing, not camelCase or not unique (it becomes a method name), a missing
 * summary or description or the "METHOD /path" placeholder summary, a 2xx answer without a
 * description or with a body but no schema (generated as `unknown`), no documented error, and a
 * tag that is not declared with a description; no servers; a JSON answer not offered as text/json
 * and text/plain (content negotiation), an answer without X-Request-Id, an Idempotency-Key without
 * its 409; a JSON request body without an example (file uploads, multipart, are exempt: their
 * example is a file); and the nullable schemas that do not admit null (see `nullableProblems`).
 */
export function openApiQualityProblems(document: OpenAPIObject): string[] {
  const problems: string[] = [];
  if (!document.servers?.length) problems.push('servers is empty: clients and linters need a base URL');
  const declared = new Map((document.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = op.operationId;
      if (!id || !/^[a-z][a-zA-Z0-9]*$/.test(id))
        problems.push(`${where}: operationId ${id} is not camelCase`);
      else if (seen.has(id)) problems.push(`${where}: operationId ${id} also names ${seen.get(id)}`);
      else seen.set(id, where);
      if (!op.summary?.trim()) problems.push(`${where}: no summary`);
      else if (/^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) \//i.test(op.summary))
        problems.push(`${where}: placeholder summary "${op.summary}"`);
      if (!op.description?.trim()) problems.push(`${where}: no description`);
      // A shared answer (`#/components/responses/…`) is judged as written there.
      const shared = (document.components?.responses ?? {}) as NonNullable<Operation['responses']>;
      const responses = Object.entries(op.responses ?? {}).map(
        ([status, r]) => [status, r.$ref ? (shared[r.$ref.split('/').pop()!] ?? r) : r] as const,
      );
      const ok = responses.filter(([status]) => /^2/.test(status));
      if (!ok.length) problems.push(`${where}: no 2xx answer`);
      for (const [status, response] of ok) {
        if (!response.description?.trim()) problems.push(`${where}: ${status} without a description`);
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!media.schema) problems.push(`${where}: ${status} ${type} without a schema`);
      }
      for (const [status, response] of responses) {
        const types = Object.keys(response.content ?? {});
        if (
          types.includes('application/json') &&
          !(types.includes('text/json') && types.includes('text/plain'))
        )
          problems.push(
            `${where}: ${status} answers JSON but not the text/json and text/plain a client may ask for`,
          );
        if (!Object.keys(response.headers ?? {}).some((h) => h.toLowerCase() === 'x-request-id'))
          problems.push(`${where}: ${status} without the X-Request-Id header`);
      }
      if (!responses.some(([status, r]) => /^4/.test(status) && r.content?.['application/problem+json']))
        problems.push(`${where}: no problem+json error documented`);
      if (
        op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key') &&
        !op.responses?.['409']
      )
        problems.push(
          `${where}: takes Idempotency-Key but does not document its 409 (the key with another body)`,
        );
      const json = op.requestBody?.content?.['application/json'];
      if (json && json.example === undefined && !Object.keys(json.examples ?? {}).length)
        problems.push(`${where}: request body without an example`);
      if (!op.tags?.length) problems.push(`${where}: no tag`);
      for (const tag of op.tags ?? [])
        if (!declared.get(tag)?.trim())
          problems.push(`${where}: tag "${tag}" is not declared with a description`);
    }
  }
  nullableProblems(document.components?.schemas, '#/components/schemas', problems);
  nullableProblems(document.paths, '#/paths', problems);
  return problems;
}
