import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

const ETAG = Symbol('etag');

/** Marks an answer with its entity's version; the interceptor sends it as the `ETag` header. */
export function withEtag<T extends object>(body: T, version: number): T {
  Object.defineProperty(body, ETAG, { value: `"${version}"`, enumerable: false });
  return body;
}

/** The ETag an answer was marked with, if any. */
export function etagOf(body: unknown): string | undefined {
  return body && typeof body === 'object' && ETAG in body
    ? (body as Record<symbol, string>)[ETAG]
    : undefined;
}

@Injectable()
export class EtagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        if (body && typeof body === 'object' && ETAG in body) {
          context
            .switchToHttp()
            .getResponse<FastifyReply>()
            .header('ETag', (body as Record<symbol, string>)[ETAG]);
        }
        return body;
      }),
    );
  }
}
