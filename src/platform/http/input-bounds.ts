import type { FastifyInstance } from 'fastify';
import { badRequest } from './problem';

/**
 * Limits on the shape of every request's JSON body, query and path parameters, checked in one
 * linear pass before any transformation or validation runs. The class-transformer step of the
 * validation pipe costs more than linear time in the number of members of an object, so an
 * unbounded body of many small members (80,000 keys in 870 KB) could block the event loop for
 * seconds; with these bounds the worst legal body costs milliseconds. DTOs set tighter,
 * documented limits per member (`maxItems`, `maxLength`); these are the floor for all of them.
 */
export const inputBounds = {
  /** Nesting of objects and arrays. */
  maxDepth: 16,
  /** Members of one object. */
  maxKeys: 1000,
  /** Elements of one array. */
  maxItems: 10000,
  /** Object members plus array elements, over the whole body. */
  maxMembers: 20000,
  /**
   * Characters of one string value: above every DTO's own `maxLength` (free text 65,535), so
   * that a body with several bad members still gets all of them named by its DTO.
   */
  maxStringLength: 262144,
  /** Characters of one member name. */
  maxKeyLength: 255,
} as const;

/** Why a value is refused, and at which member (`pricing.tiers[0].minQuantity`, or `body`). */
interface Violation {
  path: string;
  message: string;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Walks a parsed JSON value once and returns the first bound it breaks, if any. Strings carrying
 * a NUL character are refused too: PostgreSQL cannot store one in text, and saying so here names
 * the member instead of failing deep in a query.
 */
export function checkBounds(value: unknown, root = 'body'): Violation | undefined {
  let members = 0;
  const at = (path: string) => path || root;
  const visit = (v: unknown, path: string, depth: number): Violation | undefined => {
    if (typeof v === 'string') {
      if (v.length > inputBounds.maxStringLength)
        return { path: at(path), message: `must be at most ${inputBounds.maxStringLength} characters long` };
      if (v.includes('\u0000')) return { path: at(path), message: 'must not contain the NUL character' };
      return undefined;
    }
    if (v === null || typeof v !== 'object') return undefined;
    if (depth >= inputBounds.maxDepth)
      return { path: at(path), message: `nests deeper than ${inputBounds.maxDepth} levels` };
    if (Array.isArray(v)) {
      if (v.length > inputBounds.maxItems)
        return { path: at(path), message: `must contain at most ${inputBounds.maxItems} elements` };
      members += v.length;
      if (members > inputBounds.maxMembers) return tooMany();
      for (let i = 0; i < v.length; i++) {
        const bad = visit(v[i], `${at(path)}[${i}]`, depth + 1);
        if (bad) return bad;
      }
      return undefined;
    }
    let keys = 0;
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      if (++keys > inputBounds.maxKeys)
        return { path: at(path), message: `must have at most ${inputBounds.maxKeys} members` };
      if (++members > inputBounds.maxMembers) return tooMany();
      if (key.length > inputBounds.maxKeyLength || key.includes('\u0000'))
        return { path: at(path), message: 'has a member name that is too long or contains NUL' };
      const bad = visit((v as Record<string, unknown>)[key], join(path, key), depth + 1);
      if (bad) return bad;
    }
    return undefined;
  };
  const tooMany = (): Violation => ({
    path: root,
    message: `must have at most ${inputBounds.maxMembers} members and elements in all`,
  });
  return visit(value, '', 0);
}

/**
 * Checks a JSON text's nesting and its number of members and elements before it is parsed: a
 * text of 80,000 tiny members takes JSON.parse tens of milliseconds, this scan a few. Counts the
 * `:` and `,` outside strings (an upper bound of members plus elements) and the open brackets.
 */
export function scanJsonText(text: string): Violation | undefined {
  let depth = 0;
  let separators = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x3a || c === 0x2c) {
      if (++separators > inputBounds.maxMembers)
        return {
          path: 'body',
          message: `must have at most ${inputBounds.maxMembers} members and elements in all`,
        };
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > inputBounds.maxDepth)
        return { path: 'body', message: `nests deeper than ${inputBounds.maxDepth} levels` };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/**
 * Checks every request's body, query and path parameters against `inputBounds` after parsing and
 * before the handler: a breach is a 400 problem naming the member.
 */
export function registerInputBounds(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (req, _reply, done) => {
    const bad =
      (req.body !== undefined ? checkBounds(req.body) : undefined) ??
      checkBounds(req.query, 'query') ??
      checkBounds(req.params, 'path');
    done(bad ? badRequest({ [bad.path]: [bad.message] }) : undefined);
  });
}
