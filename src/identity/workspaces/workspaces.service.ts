import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Env } from '../../config/env';
import { Db, type Tx } from '../../platform/database/db';
import { RequestContext } from '../../platform/tenancy/request-context';
import { getGlobalForWrite } from '../../platform/database/scoped-repository';
import { withEtag } from '../../platform/http/etag';
import type { Page } from '../../platform/http/list-query';
import { conflict, forbidden } from '../../platform/http/problem';
import { checkImage, UploadedImage } from '../../platform/storage/image-upload';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import { WorkspaceInitializers } from '../../platform/tenancy/workspace-initializers';
import { CurrenciesService, LanguagesService } from '../../i18n/i18n.api';
import { MembershipEntity } from './membership.entity';
import { WorkspaceRequest, WorkspaceResponse } from './workspace.dto';
import { WorkspaceEntity } from './workspace.entity';
import { lockOwnedWorkspaces } from './workspaces.queries';

/** Columns of workspaces that name uploaded files (registered by IdentityModule). */
export const workspaceFileReferences: readonly FileReference[] = [
  { table: 'workspaces', column: 'image_url', workspaceColumn: 'id' },
];

const toResponse = (w: WorkspaceEntity, role: MembershipEntity['role']): WorkspaceResponse =>
  withEtag(
    {
      id: w.id,
      name: w.name,
      description: w.description,
      imageUrl: w.imageUrl,
      defaultCurrency: w.defaultCurrency,
      defaultLanguage: w.defaultLanguage,
      externalReference: w.externalReference,
      role,
      shopperRegistration: w.shopperRegistration,
      createdAt: w.createdAt.toISOString(),
      modifiedAt: w.modifiedAt.toISOString(),
    },
    w.version,
  );

const snapshot = ({
  name,
  description,
  imageUrl,
  defaultCurrency,
  defaultLanguage,
  externalReference,
  shopperRegistration,
}: WorkspaceResponse) => ({
  name,
  description,
  imageUrl,
  defaultCurrency,
  defaultLanguage,
  externalReference,
  shopperRegistration,
});

/** The language a new workspace starts with when its creator names none. */
export const defaultLanguage = 'en';

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
    private readonly languages: LanguagesService,
    private readonly initializers: WorkspaceInitializers,
    private readonly currencies: CurrenciesService,
    private readonly env: Env,
  ) {}

  /** For other contexts (sales orders): the currency the workspace prices and sells in. */
  async currencyOf(ctx: RequestContext): Promise<string> {
    const w = await this.db.unscoped.findOne(WorkspaceEntity, {
      where: { id: ctx.workspaceId },
      select: { id: true, defaultCurrency: true },
    });
    return w?.defaultCurrency ?? 'EUR';
  }

  async listMine(ctx: RequestContext): Promise<Page<WorkspaceResponse>> {
    if (!ctx.actor.id) return { data: [], total: 0 };
    const rows = await this.db.unscoped
      .createQueryBuilder(WorkspaceEntity, 'w')
      .innerJoinAndMapOne(
        'w.membership',
        MembershipEntity,
        'm',
        'm.workspace_id = w.id AND m.user_id = :user',
        { user: ctx.actor.id },
      )
      .orderBy('lower(w.name)')
      .addOrderBy('w.id')
      .getMany();
    const data = rows.map((w) =>
      toResponse(w, (w as WorkspaceEntity & { membership: MembershipEntity }).membership.role),
    );
    return { data, total: data.length };
  }

  /** A new workspace with `ownerId` as its Owner (callers, the bootstrap and tests use it). */
  async createWithOwner(
    manager: EntityManager,
    ownerId: string,
    body: WorkspaceRequest,
  ): Promise<WorkspaceEntity> {
    const workspace = manager.create(WorkspaceEntity, {
      id: randomUUID(),
      name: body.name,
      description: body.description ?? null,
      defaultCurrency: body.defaultCurrency ?? 'EUR',
      defaultLanguage: body.defaultLanguage ?? defaultLanguage,
      externalReference: body.externalReference ?? null,

      shopperRegistration: body.shopperRegistration ?? 'Off',
    });
    await manager.insert(WorkspaceEntity, workspace);
    await manager.insert(MembershipEntity, { workspaceId: workspace.id, userId: ownerId, role: 'Owner' });
    const inNew = this.db.within(manager, RequestContext.system(workspace.id));
    await this.languages.addFirst(inNew, workspace.defaultLanguage);
    await this.initializers.initialize(inNew);
    await this.currencies.addFirst(inNew, workspace.defaultCurrency);
    return manager.findOneByOrFail(WorkspaceEntity, { id: workspace.id });
  }

  async create(ctx: RequestContext, body: WorkspaceRequest): Promise<WorkspaceResponse> {
    if (ctx.actor.type !== 'User' || !ctx.actor.id) throw forbidden('Only users can create workspaces.');
    const ownerId = ctx.actor.id;
    // Through db.transaction (its context is the caller's current workspace) so that an
    // Idempotency-Key claim commits with the new workspace.
    return this.db.transaction(ctx, async (tx) => {
      await this.assertMayOwnAnother(tx, ownerId);
      const workspace = await this.createWithOwner(tx.manager, ownerId, body);
      const answer = toResponse(workspace, 'Owner');
      const inNew = new RequestContext(workspace.id, ctx.actor, 'Owner', undefined, undefined, ctx.requestId);
      await this.db.within(tx.manager, inNew).activities.created('Workspace', workspace.id, snapshot(answer));
      return answer;
    });
  }

  /**
   * A user owns at most MAX_WORKSPACES_PER_USER workspaces (else 409): every per-workspace limit
   * (upload quota, heavy operations) would be no limit if workspaces were free. Counted under a
   * lock per user, so concurrent creates cannot pass it together.
   */
  private async assertMayOwnAnother(tx: Tx, userId: string): Promise<void> {
    await lockOwnedWorkspaces(tx.manager, userId);
    const owned = await tx.manager.countBy(MembershipEntity, { userId, role: 'Owner' });
    const max = this.env.MAX_WORKSPACES_PER_USER;
    if (owned >= max) {
      throw conflict(
        `You own ${owned} workspaces, the most one user may own (${max}). Delete one you no longer need, or ask the operator to raise MAX_WORKSPACES_PER_USER.`,
      );
    }
  }

  async update(ctx: RequestContext, body: WorkspaceRequest): Promise<WorkspaceResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const workspace = await this.lock(tx);
      const before = toResponse(workspace, ctx.role!);
      // Omitted (or null), the default language stays; named, it must be supported (locked: a removal waits).
      if (body.defaultLanguage != null && body.defaultLanguage !== workspace.defaultLanguage)
        await this.languages.assertSupported(tx, body.defaultLanguage, 'defaultLanguage');
      Object.assign(workspace, {
        name: body.name,
        defaultLanguage: body.defaultLanguage ?? workspace.defaultLanguage,
        description: body.description ?? null,
        defaultCurrency: body.defaultCurrency ?? 'EUR',
        externalReference: body.externalReference ?? null,
        shopperRegistration: body.shopperRegistration ?? 'Off',
      });
      const saved = await tx.manager.save(WorkspaceEntity, workspace);
      const after = toResponse(saved, ctx.role!);
      await tx.activities.updated('Workspace', workspace.id, snapshot(before), snapshot(after));
      return after;
    });
  }

  async setImage(ctx: RequestContext, file: UploadedImage | undefined): Promise<WorkspaceResponse> {
    const { key, contentType } = await checkImage(file, 'image', ctx.workspaceId, 'workspace');
    const [url] = await this.uploads.store(ctx.workspaceId, [{ key, file: file!, contentType }]);
    try {
      const { after, replaced } = await this.db.transaction(ctx, async (tx) => {
        const workspace = await this.lock(tx);
        const before = toResponse(workspace, ctx.role!);
        workspace.imageUrl = url;
        const after = toResponse(await tx.manager.save(WorkspaceEntity, workspace), ctx.role!);
        await tx.activities.updated('Workspace', workspace.id, snapshot(before), snapshot(after));
        return { after, replaced: before.imageUrl };
      });
      await this.uploads.release(ctx.workspaceId, [replaced]);
      return after;
    } catch (e) {
      await this.uploads.release(ctx.workspaceId, [url]);
      throw e;
    }
  }

  /** Deletes the workspace and, by cascade, everything in it. */
  async remove(ctx: RequestContext): Promise<void> {
    const files = await this.db.transaction(ctx, async (tx) => {
      await this.lock(tx);
      const keys = await this.uploads.keysOf(tx);
      await tx.manager.delete(WorkspaceEntity, { id: ctx.workspaceId });
      return keys;
    });
    // The rows of its files went with it (cascade); the files themselves go after the commit.
    await this.uploads.deleteFiles(files);
  }

  private lock(tx: Tx): Promise<WorkspaceEntity> {
    return getGlobalForWrite(tx, WorkspaceEntity, tx.workspaceId, 'Workspace');
  }
}
