import { Injectable } from '@nestjs/common';
import { UsersService } from '../../identity/identity.api';
import { Db, Tx } from '../../platform/database/db';
import { EntityTypes } from '../../platform/database/entity-types';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { badRequest, forbidden } from '../../platform/http/problem';
import { respond, scopedFields } from '../../platform/http/resource';
import { CommentListQuery, CommentResponse, CreateCommentRequest, UpdateCommentRequest } from './comment.dto';
import { BodyFormat, CommentEntity } from './comment.entity';
import { touchLastContact } from './last-contact-moment';

type Reader = Pick<Tx, 'repo'>;

const toCommentResponse = (e: CommentEntity, names: Map<string, string | null>): CommentResponse => ({
  ...scopedFields(e),
  body: e.body,
  bodyFormat: e.bodyFormat,
  isEdited: e.isEdited,
  entity: { id: e.entityId, type: e.entityType },
  author: {
    id: e.authorId,
    type: e.authorType,
    displayName: e.authorId ? (names.get(e.authorId) ?? null) : e.authorType === 'System' ? 'System' : null,
  },
});

const snapshot = (r: CommentResponse) => ({
  body: r.body,
  bodyFormat: r.bodyFormat,
  entity: r.entity,
  externalReference: r.externalReference,
});

function checkBody(body: string, format: BodyFormat): void {
  if (format !== 'Json') return;
  try {
    JSON.parse(body);
  } catch {
    throw badRequest({ body: ['must be valid JSON when bodyFormat is Json'] });
  }
}

/** Comments about any entity of the workspace; only the author (or an Admin/Owner) changes one. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly entityTypes: EntityTypes,
  ) {}

  private reader(ctx: RequestContext): Reader {
    return { repo: (target, label) => this.db.repo(ctx, target, label) } as Reader;
  }

  /** Authors' display names, from the workspace's people (members and client logins). */
  private async answers(r: Reader, comments: CommentEntity[]): Promise<CommentResponse[]> {
    const ids = [...new Set(comments.map((c) => c.authorId).filter((id): id is string => !!id))];
    const names = await this.users.displayNames(r, ids);
    return comments.map((c) => toCommentResponse(c, names));
  }

  private async answer(r: Reader, comment: CommentEntity): Promise<CommentResponse> {
    const [answer] = await this.answers(r, [comment]);
    return respond(comment, () => answer);
  }

  async list(ctx: RequestContext, q: CommentListQuery): Promise<Page<CommentResponse>> {
    const qb = this.db.repo(ctx, CommentEntity, 'Comment').qb('c');
    filterByIds(qb, q);
    if (q.entity_ids?.length) qb.andWhere('c.entity_id IN (:...entityIds)', { entityIds: q.entity_ids });
    if (q.entity_types?.length)
      qb.andWhere('c.entity_type IN (:...entityTypes)', { entityTypes: q.entity_types });
    if (q['created_at.Min']) qb.andWhere('c.created_at >= :from', { from: q['created_at.Min'] });
    if (q['created_at.Max']) qb.andWhere('c.created_at <= :to', { to: q['created_at.Max'] });
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 'c.created_at' },
      search: ['c.body'],
    });
    return { data: await this.answers(this.reader(ctx), page.data), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CommentResponse> {
    return this.answer(this.reader(ctx), await this.db.repo(ctx, CommentEntity, 'Comment').get(id));
  }

  async create(ctx: RequestContext, body: CreateCommentRequest): Promise<CommentResponse> {
    const bodyFormat = body.bodyFormat ?? 'Text';
    checkBody(body.body, bodyFormat);
    return this.db.transaction(ctx, async (tx) => {
      const registration = this.entityTypes.get(body.entityType);
      if (!registration)
        throw badRequest({
          entityType: [`There is no such entity: ${body.entityType} is not available in this service yet.`],
        });
      if (!(await tx.repo(registration.target, body.entityType).exists({ id: body.entityId }))) {
        throw badRequest({
          entityId: [`${body.entityType} ${body.entityId} does not exist in this workspace.`],
        });
      }
      const saved = await tx.repo(CommentEntity, 'Comment').insert({
        entityId: body.entityId,
        entityType: body.entityType,
        body: body.body,
        bodyFormat,
        isEdited: false,
        authorId: ctx.actor.id,
        authorType: ctx.actor.type,
        externalReference: body.externalReference ?? null,
      });
      const answer = await this.answer(tx, saved);
      await tx.activities.created('Comment', saved.id, snapshot(answer));
      await touchLastContact(tx, saved.entityType, saved.entityId, saved.createdAt);
      return answer;
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateCommentRequest): Promise<CommentResponse> {
    const bodyFormat = body.bodyFormat ?? 'Text';
    checkBody(body.body, bodyFormat);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CommentEntity, 'Comment');
      const comment = await repo.getForWrite(id);
      this.assertMayChange(ctx, comment);
      const before = await this.answer(tx, comment);
      Object.assign(comment, {
        body: body.body,
        bodyFormat,
        isEdited: true,
        externalReference: body.externalReference ?? null,
      });
      const saved = await repo.save(comment);
      const after = await this.answer(tx, saved);
      await tx.activities.updated('Comment', id, snapshot(before), snapshot(after));
      return after;
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CommentEntity, 'Comment');
      const comment = await repo.getForWrite(id);
      this.assertMayChange(ctx, comment);
      const last = await this.answer(tx, comment);
      await repo.remove(comment);
      await tx.activities.deleted('Comment', id, snapshot(last));
    });
  }

  private assertMayChange(ctx: RequestContext, comment: CommentEntity): void {
    const isAuthor =
      comment.authorId !== null && comment.authorId === ctx.actor.id && comment.authorType === ctx.actor.type;
    if (!isAuthor && !ctx.isAdmin())
      throw forbidden('Only the author of a comment, or an Admin or Owner, may change or delete it.');
  }
}
