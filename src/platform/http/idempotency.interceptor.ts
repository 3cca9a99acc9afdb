import { createHash } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { DataSource, LessThan } from 'typeorm';
import type { AuthenticatedRequest } from '../auth/decorators';
import { badRequest, conflict } from './problem';
import { IdempotencyKeyEntity } from './idempotency-key.entity';

const retention = 24 * 3600 * 1000;

/**
 * `Idempotency-Key` on a POST (CONTRACT §7): the same key and body within 24 h returns the first
 * answer and creates nothing new; the same key with another body, or while the first request is
 * still running, is a 409. Keys are per workspace. A failed request frees its key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly dataSource: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined || !req.context) return next.handle();
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw badRequest({ 'Idempotency-Key': ['must be a string of 1 to 255 characters'] });
    }
    const workspaceId = req.context.workspaceId;
    const requestHash = createHash('sha256')
      .update(`${req.method} ${req.url.split('?')[0]}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    const repo = this.dataSource.getRepository(IdempotencyKeyEntity);
    return from(this.claim(workspaceId, key, requestHash)).pipe(
      mergeMap((stored) => {
        if (stored) {
          context.switchToHttp().getResponse<FastifyReply>().header('Idempotent-Replayed', 'true');
          return of(stored.responseBody);
        }
        return next.handle().pipe(
          mergeMap((body) =>
            from(
              repo.update(
                { workspaceId, key },
                {
                  responseStatus: context.switchToHttp().getResponse<FastifyReply>().statusCode,
                  responseBody: body ?? null,
                },
              ),
            ).pipe(mergeMap(() => of(body))),
          ),
          catchError((error: unknown) =>
            from(repo.delete({ workspaceId, key })).pipe(mergeMap(() => throwError(() => error))),
          ),
        );
      }),
    );
  }

  /** Claims the key (first use) or returns the stored answer of an identical earlier request. */
  private async claim(
    workspaceId: string,
    key: string,
    requestHash: string,
  ): Promise<IdempotencyKeyEntity | null> {
    const repo = this.dataSource.getRepository(IdempotencyKeyEntity);
    await repo.delete({ workspaceId, key, createdAt: LessThan(new Date(Date.now() - retention)) });
    const inserted = await repo
      .createQueryBuilder()
      .insert()
      .values({ workspaceId, key, requestHash })
      .orIgnore()
      .returning(['key'])
      .execute();
    if ((inserted.raw as unknown[]).length > 0) return null;
    const existing = await repo.findOneBy({ workspaceId, key });
    if (!existing) throw conflict('The Idempotency-Key was released while this request arrived; retry it.');
    if (existing.requestHash !== requestHash) {
      throw conflict('This Idempotency-Key was used with another request body.', {
        'Idempotency-Key': ['was used with another request'],
      });
    }
    if (existing.responseStatus === null)
      throw conflict('A request with this Idempotency-Key is still being processed.');
    return existing;
  }
}
