import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `context-boundaries/doors`: who may import whom under src/, resolved from the importing file,
 * so a path is judged by where it lands, not by how many `../` it takes.
 *
 * - A context (every folder under src/ but platform and config) reaches another context only
 *   through its door, `<context>/<context>.api`, or its Nest module, `<context>/<context>.module`.
 * - src/platform (the kernel) and src/config (the environment) import no context and no file of
 *   the composition root, at any depth.
 * - The composition root (the files directly in src/) imports doors, modules and each context's
 *   entity list, `<context>/<context>.entities`.
 * - The demo seed (src/seed) may also read another context's `*.entity` through the repository,
 *   to stay idempotent: it is a script outside the running service.
 *
 * Imports of platform, config, packages and files outside src/ are not its concern.
 */
export function contextBoundaries(srcDir) {
  const contexts = readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['platform', 'config'].includes(entry.name))
    .map((entry) => entry.name);

  const doors = {
    meta: {
      type: 'problem',
      docs: { description: 'Import another context only through its door (`<context>.api`) or module.' },
      schema: [],
      messages: {
        door: "Import {{target}} through its door '{{target}}/{{target}}.api' (or its module), not '{{path}}'.",
        kernel: 'src/{{owner}} is the kernel: it imports no context and not the composition root ({{path}}).',
      },
    },
    create(context) {
      const file = context.filename;
      const fromSrc = path.relative(srcDir, file);
      if (fromSrc.startsWith('..') || path.isAbsolute(fromSrc)) return {};
      const ownParts = fromSrc.split(path.sep);
      const owner = ownParts.length === 1 ? null : ownParts[0];
      const kernel = owner === 'platform' || owner === 'config';

      function check(node, source) {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.relative(srcDir, path.resolve(path.dirname(file), source));
        if (target.startsWith('..') || path.isAbsolute(target)) return;
        const parts = target.split(path.sep);
        const targetOwner = parts.length === 1 ? null : parts[0];
        if (targetOwner === owner || targetOwner === 'platform' || targetOwner === 'config') return;
        if (kernel) {
          context.report({ node, messageId: 'kernel', data: { owner, path: source } });
          return;
        }
        if (targetOwner === null || !contexts.includes(targetOwner)) return;
        const inside = parts.slice(1).join('/');
        const allowed = [`${targetOwner}.api`, `${targetOwner}.module`];
        if (owner === null) allowed.push(`${targetOwner}.entities`);
        if (allowed.includes(inside)) return;
        if (owner === 'seed' && inside.endsWith('.entity')) return;
        context.report({ node, messageId: 'door', data: { target: targetOwner, path: source } });
      }

      const fromSource = (node) => node.source && check(node.source, node.source.value);
      return {
        ImportDeclaration: fromSource,
        ExportNamedDeclaration: fromSource,
        ExportAllDeclaration: fromSource,
        ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
        TSImportType: (node) => {
          const literal = node.argument?.literal;
          if (literal?.type === 'Literal') check(literal, literal.value);
        },
      };
    },
  };

  return { rules: { doors } };
}
