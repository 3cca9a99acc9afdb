import { createHash } from 'node:crypto';
import {
  CallHandler,
  ExecutionContext,
  INestApplication,
  Injectable,
  Logger,
  NestInterceptor,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { DataSource, EntityManager } from 'typeorm';
import { PUBLIC_KEY, READ_OPERATION_KEY, type AuthenticatedRequest } from '../auth/decorators';
import { joinNextTransaction, leaveTransactions, type TransactionParticipant, type Tx } from '../database/db';
import type { RequestContext } from '../tenancy/request-context';
import { etagOf } from './etag';
import { badRequest, conflict } from './problem';

const retentionHours = 24;

const NOT_A_CREATE_KEY = 'idempotency:notACreate';

/**
 * A POST on a collection itself that is not a create (an action such as AI translations), or
 * whose request the fingerprint cannot see (a multipart upload: its files are not the JSON body):
 * it ignores `Idempotency-Key`.
 */
export const NotACreate = () => SetMetadata(NOT_A_CREATE_KEY, true);

/**
 * The operations that honour `Idempotency-Key`: creates, i.e. a POST to a collection itself
 * (`@Post()` without a sub-path) by an authenticated caller. Everything else ignores the header —
 * in particular the auth operations (login, refresh, switch-workspace, logout), whose answers
 * carry credentials and must never be stored or replayed, and actions and uploads on sub-paths.
 */
export function honoursIdempotencyKey(handler: object): boolean {
  return (
    Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST &&
    Reflect.getMetadata(PATH_METADATA, handler) === '/' &&
    !Reflect.getMetadata(PUBLIC_KEY, handler) &&
    !Reflect.getMetadata(READ_OPERATION_KEY, handler) &&
    !Reflect.getMetadata(NOT_A_CREATE_KEY, handler)
  );
}

/** Property names whose values are secrets: an answer holding one is never stored. */
const credentialName =
  /^(access_?token|refresh_?token|id_?token|token|password|password_?hash|secret|api_?key)$/i;

export function carriesCredentials(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => carriesCredentials(v, depth + 1));
  return Object.entries(value).some(
    ([name, v]) => credentialName.test(name) || carriesCredentials(v, depth + 1),
  );
}

interface Scope {
  workspaceId: string;
  callerType: string;
  callerId: string;
  method: string;
  route: string;
  key: string;
}

interface StoredAnswer {
  requestHash: string;
  responseBody: unknown;
  responseEtag: string | null;
}

const scopeSql =
  'workspace_id = $1 AND caller_type = $2 AND caller_id = $3 AND method = $4 AND route = $5 AND key = $6';
const scopeParams = (s: Scope) => [s.workspaceId, s.callerType, s.callerId, s.method, s.route, s.key];

async function findAnswer(manager: EntityManager, scope: Scope): Promise<StoredAnswer | null> {
  const rows = (await manager.query(
    `SELECT request_hash AS "requestHash", response_body AS "responseBody", response_etag AS "responseEtag"
       FROM idempotency_keys
      WHERE ${scopeSql} AND created_at > now() - interval '${retentionHours} hours'`,
    scopeParams(scope),
  )) as StoredAnswer[];
  return rows[0] ?? null;
}

/** Thrown inside the transaction when an identical request committed first: roll back, replay its answer. */
class AnsweredBefore extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('An earlier request with this Idempotency-Key committed first');
  }
}

/**
 * One request's claim on its key. It joins the request's transaction: the first statement in it
 * inserts the key (a concurrent request with the same key waits on the primary key until this
 * transaction ends), and the answer is written into the row before COMMIT. So the row and the
 * created rows commit together or not at all: after a crash a retry either finds the answer or
 * runs afresh, and a key is never left claimed without one.
 */
class Claim implements TransactionParticipant {
  /** The JSON answer written in the transaction (undefined until it committed). */
  private written?: string;
  private isCommitted = false;

  constructor(
    private readonly scope: Scope,
    private readonly requestHash: string,
    private readonly status: number,
    private readonly logger: Logger,
  ) {}

  async join<R>(tx: Tx, work: () => Promise<R>): Promise<R> {
    const m = tx.manager;
    const params = scopeParams(this.scope);
    await m.query(
      `DELETE FROM idempotency_keys WHERE ${scopeSql} AND created_at <= now() - interval '${retentionHours} hours'`,
      params,
    );
    const inserted = (await m.query(
      `INSERT INTO idempotency_keys
         (workspace_id, caller_type, caller_id, method, route, key, request_hash, response_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING RETURNING key`,
      [...params, this.requestHash, this.status],
    )) as unknown[];
    if (inserted.length === 0) {
      const stored = await findAnswer(m, this.scope);
      if (!stored) throw new Error('Idempotency key conflicts with a row that cannot be read');
      throw new AnsweredBefore(stored);
    }
    const result = await work();
    const json = JSON.stringify(result ?? null);
    if (carriesCredentials(JSON.parse(json))) {
      // Never keep a secret: the request then simply is not idempotent.
      await m.query(`DELETE FROM idempotency_keys WHERE ${scopeSql}`, params);
      this.logger.warn({ route: this.scope.route }, 'Answer carries credentials; Idempotency-Key ignored');
      this.written = undefined;
    } else {
      await m.query(
        `UPDATE idempotency_keys SET response_body = $7::jsonb, response_etag = $8 WHERE ${scopeSql}`,
        [...params, json, etagOf(result) ?? null],
      );
      this.written = json;
    }
    return result;
  }

  committed(): void {
    this.isCommitted = true;
  }

  /**
   * After the handler: creates answer what their transaction returned, so there is nothing left to
   * do. A handler that changed the answer afterwards has it updated (outside the transaction);
   * one that ran no transaction has its answer stored now.
   */
  async finish(dataSource: DataSource, body: unknown): Promise<void> {
    const json = JSON.stringify(body ?? null);
    if (carriesCredentials(JSON.parse(json))) return;
    const params = scopeParams(this.scope);
    if (this.isCommitted) {
      if (this.written === undefined || this.written === json) return;
      await dataSource.query(
        `UPDATE idempotency_keys SET response_body = $7::jsonb, response_etag = $8 WHERE ${scopeSql}`,
        [...params, json, etagOf(body) ?? null],
      );
      return;
    }
    await dataSource.query(
      `INSERT INTO idempotency_keys
         (workspace_id, caller_type, caller_id, method, route, key, request_hash, response_status,
          response_body, response_etag)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
       ON CONFLICT DO NOTHING`,
      [...params, this.requestHash, this.status, json, etagOf(body) ?? null],
    );
  }
}

/**
 * `Idempotency-Key` on a create: the same caller sending the same key and body to the same
 * operation within 24 h gets the first answer again (header `Idempotent-Replayed: true`) and
 * nothing new is created. The same key with another body is a 409. A request whose key is in use
 * by one still running waits for it, then replays its answer (or runs, if that one failed). A
 * failed request stores nothing, so its key can be retried.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private lastPurge = 0;

  constructor(private readonly dataSource: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = req.headers['idempotency-key'];
    const ctx = req.context;
    if (key === undefined || !ctx || !honoursIdempotencyKey(context.getHandler())) return next.handle();
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw badRequest({ 'Idempotency-Key': ['must be a string of 1 to 255 characters'] });
    }
    const scope = scopeOf(ctx, req.method, req.routeOptions.url ?? req.url.split('?')[0], key);
    const requestHash = createHash('sha256')
      .update(`${req.method} ${req.url.split('?')[0]}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    const replay = (stored: StoredAnswer): Observable<unknown> => {
      if (stored.requestHash !== requestHash) {
        throw conflict('This Idempotency-Key was used with another request.', {
          'Idempotency-Key': ['was used with another request'],
        });
      }
      const reply = context.switchToHttp().getResponse<FastifyReply>();
      reply.header('Idempotent-Replayed', 'true');
      if (stored.responseEtag) reply.header('ETag', stored.responseEtag);
      return of(stored.responseBody);
    };
    const status = (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number) ?? 201;
    const claim = new Claim(scope, requestHash, status, this.logger);
    return from(this.lookup(scope)).pipe(
      mergeMap((stored) => {
        if (stored) return replay(stored);
        joinNextTransaction(ctx, claim);
        return next.handle().pipe(
          mergeMap((body) => from(claim.finish(this.dataSource, body)).pipe(mergeMap(() => of(body)))),
          catchError((error: unknown) =>
            error instanceof AnsweredBefore ? replay(error.stored) : throwError(() => error),
          ),
        );
      }),
      catchError((error: unknown) => {
        leaveTransactions(ctx);
        return throwError(() => error);
      }),
    );
  }

  private async lookup(scope: Scope): Promise<StoredAnswer | null> {
    if (Date.now() - this.lastPurge > 3600_000) {
      // Expired keys of every caller, at most hourly per process (indexed by created_at).
      this.lastPurge = Date.now();
      await this.dataSource.query(
        `DELETE FROM idempotency_keys WHERE created_at <= now() - interval '${retentionHours} hours'`,
      );
    }
    return findAnswer(this.dataSource.manager, scope);
  }
}

function scopeOf(ctx: RequestContext, method: string, route: string, key: string): Scope {
  if (!ctx.actor.id) throw new Error('Idempotency-Key needs an identified caller');
  return {
    workspaceId: ctx.workspaceId,
    callerType: ctx.actor.type,
    callerId: ctx.actor.id,
    method,
    route,
    key,
  };
}

/** `core-api/x` + `/:id` → `/core-api/x/{id}`: a route as the OpenAPI document spells its path. */
function openApiPath(...segments: string[]): string {
  const joined = segments
    .join('/')
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s))
    .join('/');
  return `/${joined}`;
}

/**
 * Documents the `Idempotency-Key` header on exactly the operations that honour it. It finds them
 * by method and route (from the same routing metadata Nest serves), not by operationId, so
 * renaming an operation cannot silently drop the header.
 */
export function documentIdempotencyKey(app: INestApplication, document: OpenAPIObject): void {
  const honouring = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined]
        .flat()
        .map((p) => p ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor' || !honoursIdempotencyKey(handler))
          continue;
        const handlerPath = Reflect.getMetadata(PATH_METADATA, handler) as string;
        for (const controllerPath of controllerPaths) honouring.add(openApiPath(controllerPath, handlerPath));
      }
    }
  }
  for (const path of honouring) {
    const operation = document.paths[path]?.post;
    // A create the document does not show would leave its header undocumented: fail loudly.
    if (!operation) throw new Error(`Idempotent create POST ${path} is missing from the OpenAPI document`);
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description:
          'Makes the create safe to retry: the same caller sending the same key and body within 24 h ' +
          'gets the first answer again (header `Idempotent-Replayed: true`) and nothing new is created. ' +
          'The same key with another body is a 409; while a request with the key is still running, a ' +
          'retry waits for it.',
      },
    ];
  }
}
