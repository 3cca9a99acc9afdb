import { createHash } from 'node:crypto';
import {
  CallHandler,
  ExecutionContext,
  type INestApplication,
  Injectable,
  Logger,
  NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/decorators';
import { Db, joinNextTransaction, leaveTransactions } from '../database/db';
import type { RequestContext } from '../tenancy/request-context';
import { AnsweredBefore, IdempotencyClaim } from './idempotency-claim';
import {
  findAnswer,
  type IdempotencyScope,
  purgeExpiredKeys,
  type StoredAnswer,
} from './idempotency.queries';
import { idempotentHandlers } from './idempotent.decorator';
import { badRequest, conflict } from './problem';

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

  constructor(private readonly db: Db) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = req.headers['idempotency-key'];
    const ctx = req.context;
    if (key === undefined || !ctx) return next.handle();
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
    const claim = new IdempotencyClaim(scope, requestHash, status, this.logger);
    return from(this.lookup(ctx, scope)).pipe(
      mergeMap((stored) => {
        if (stored) return replay(stored);
        joinNextTransaction(ctx, claim);
        return next.handle().pipe(
          mergeMap((body) => from(claim.finish(this.db.sql(ctx), body)).pipe(mergeMap(() => of(body)))),
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

  private async lookup(ctx: RequestContext, scope: IdempotencyScope): Promise<StoredAnswer | null> {
    if (Date.now() - this.lastPurge > 3600_000) {
      // Expired keys of every caller, at most hourly per process.
      this.lastPurge = Date.now();
      await purgeExpiredKeys(this.db.dataSource);
    }
    return findAnswer(this.db.sql(ctx), scope);
  }
}

function scopeOf(ctx: RequestContext, method: string, route: string, key: string): IdempotencyScope {
  if (!ctx.actor.id) throw new Error('Idempotency-Key needs an identified caller');
  return { callerType: ctx.actor.type, callerId: ctx.actor.id, method, route, key };
}

/**
 * Puts the application's IdempotencyInterceptor on exactly the handlers that honour the key (call
 * before `app.init()`, which registers the routes; `idempotentHandlers` is the rule the document
 * follows too). Every other route runs with no interceptor at all, and Nest then calls its handler
 * without wrapping the answer in Observables. The instance replaces one an earlier application of
 * the same process put there (tests start several).
 */
export function applyIdempotency(app: INestApplication): void {
  const interceptor = app.get(IdempotencyInterceptor);
  for (const { handler } of idempotentHandlers(app)) {
    const others = (
      (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? []
    ).filter((i) => !(i instanceof IdempotencyInterceptor));
    Reflect.defineMetadata(INTERCEPTORS_METADATA, [...others, interceptor], handler);
  }
}
