import type { OpenAPIObject } from '@nestjs/swagger';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, unknown> }> };
}

/**
 * What client generators and partners stumble over, one line per finding (empty: none): an
 * operationId that is missing, not camelCase or not unique (it becomes a method name), a missing
 * summary or description or the "METHOD /path" placeholder summary, a 2xx answer without a
 * description or with a body but no schema (generated as `unknown`), no documented error, a
 * tag that is not declared with a description, and a JSON request body without an example (file
 * uploads, multipart, are exempt: their example is a file).
 */
export function openApiQualityProblems(document: OpenAPIObject): string[] {
  const problems: string[] = [];
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
      const responses = Object.entries(op.responses ?? {});
      const ok = responses.filter(([status]) => /^2/.test(status));
      if (!ok.length) problems.push(`${where}: no 2xx answer`);
      for (const [status, response] of ok) {
        if (!response.description?.trim()) problems.push(`${where}: ${status} without a description`);
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!media.schema) problems.push(`${where}: ${status} ${type} without a schema`);
      }
      if (!responses.some(([status, r]) => /^4/.test(status) && r.content?.['application/problem+json']))
        problems.push(`${where}: no problem+json error documented`);
      const json = op.requestBody?.content?.['application/json'];
      if (json && json.example === undefined && !Object.keys(json.examples ?? {}).length)
        problems.push(`${where}: request body without an example`);
      if (!op.tags?.length) problems.push(`${where}: no tag`);
      for (const tag of op.tags ?? [])
        if (!declared.get(tag)?.trim())
          problems.push(`${where}: tag "${tag}" is not declared with a description`);
    }
  }
  return problems;
}
