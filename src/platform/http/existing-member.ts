import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import type { EntityTarget } from 'typeorm';
import type { AuthenticatedRequest } from '../auth/decorators';
import { Db } from '../database/db';
import type { Scoped } from '../database/scoped-repository';
import { anyUuid } from './openapi';
import { notFound } from './problem';

const EXISTING_MEMBER_KEY = 'http:existingMember';

interface ExistingMemberSpec {
  entity: EntityTarget<Scoped>;
  label: string;
  /** The column the path's id is matched on (default `id`; `userId` for a membership). */
  column: string;
}

/**
 * Looks up the member a write names before its body is validated (interceptors run before pipes),
 * so an id that is not in the caller's workspace is a 404 whatever the body holds: a caller learns
 * nothing about another workspace's ids from a 400, and the 404 comes first as documented.
 */
@Injectable()
export class ExistingMemberInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly db: Db,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const spec = this.reflector.get<ExistingMemberSpec | undefined>(
      EXISTING_MEMBER_KEY,
      context.getHandler(),
    );
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const id = (request.params as Record<string, string> | undefined)?.id;
    // A malformed id is the id pipe's 400; the service reads (and locks) the member again.
    if (spec && request.context && id && anyUuid.test(id)) {
      const found = await this.db
        .repo(request.context, spec.entity, spec.label)
        .exists({ [spec.column]: id } as never);
      if (!found) throw notFound(spec.label, id);
    }
    return next.handle();
  }
}

/**
 * On a write to a member path (`PUT …/{id}`): the member must exist in the caller's workspace
 * before the body is judged — 404 first, then 400.
 */
export const ExistingMember = (entity: EntityTarget<object>, label: string, column = 'id') =>
  applyDecorators(
    SetMetadata(EXISTING_MEMBER_KEY, {
      entity: entity as EntityTarget<Scoped>,
      label,
      column,
    } satisfies ExistingMemberSpec),
    UseInterceptors(ExistingMemberInterceptor),
  );
