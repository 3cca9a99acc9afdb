import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Db, Tx } from '../../platform/database/db';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { conflict, invalidField } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  availableCurrencies,
  availableCurrency,
  symbolOf,
  type AvailableCurrency,
} from './currency-catalogue';
import type {
  CreateCurrencyRequest,
  CurrencyListQuery,
  CurrencyResponse,
  UpdateCurrencyRequest,
} from './currency.dto';
import { CurrencyEntity } from './currency.entity';
import { DefaultCurrencyCache } from './default-currency-cache';

export const toCurrencyResponse = (e: CurrencyEntity): CurrencyResponse => ({
  ...scopedFields(e),
  code: e.code,
  name: availableCurrency(e.code)?.name ?? e.code,
  symbol: e.symbol,
  exchangeRate: Number(e.exchangeRate),
  isDefault: e.isDefault,
});

const snapshot = (e: CurrencyEntity) => withoutScopedFields(toCurrencyResponse(e));
const label = 'Currency';

/**
 * The currencies a workspace trades in (api-conventions §3: a setting, written by Admins). Exactly
 * one is the default, the base the others' exchange rates refer to, with rate 1. Other contexts
 * (sales orders) check a currency with `assertSupported` and read the base with `defaultCode`.
 */
@Injectable()
export class CurrenciesService {
  constructor(
    private readonly db: Db,
    private readonly defaults: DefaultCurrencyCache,
  ) {}

  /** Where `on` reads: its transaction, or the pool. */
  private reads(on: RequestContext | Tx): EntityManager {
    return on instanceof Tx ? on.manager : this.db.unscoped;
  }

  available(): Page<AvailableCurrency> {
    return { data: availableCurrencies, total: availableCurrencies.length };
  }

  /** For a new workspace (inside its creating transaction): its base currency. */
  async addFirst(tx: Tx, code: string): Promise<void> {
    await tx.manager.insert(CurrencyEntity, {
      id: randomUUID(),
      workspaceId: tx.workspaceId,
      code,
      symbol: symbolOf(code),
      exchangeRate: '1',
      isDefault: true,
    });
  }

  /**
   * For other contexts, inside their transaction: a 400 naming `field` unless the workspace
   * supports the currency `code` (ISO 4217, upper case).
   */
  async assertSupported(on: RequestContext | Tx, code: string, field = 'currency'): Promise<void> {
    const ok = await this.reads(on).exists(CurrencyEntity, {
      where: { workspaceId: on.workspaceId, code },
    });
    if (!ok) throw invalidField(field, `${code} is not a supported currency of this workspace`);
  }

  /**
   * The exchange rate of a currency the workspace supports (units of it per unit of the base
   * currency, exact decimal text), or a 400 naming `field`.
   */
  async rateOf(on: RequestContext | Tx, code: string, field = 'currency'): Promise<string> {
    const row = await this.reads(on).findOne(CurrencyEntity, {
      select: { exchangeRate: true },
      where: { workspaceId: on.workspaceId, code },
    });
    if (!row) throw invalidField(field, `${code} is not a supported currency of this workspace`);
    return row.exchangeRate;
  }

  /**
   * The workspace's default (base) currency code, e.g. for an order without a currency: outside a
   * transaction from the DefaultCurrencyCache, inside one read (it may have changed it).
   */
  async defaultCode(on: RequestContext | Tx): Promise<string | null> {
    const read = async () => {
      const row = await this.reads(on).findOne(CurrencyEntity, {
        select: { code: true },
        where: { workspaceId: on.workspaceId, isDefault: true },
      });
      return row?.code ?? null;
    };
    return on instanceof Tx ? read() : this.defaults.through(on.workspaceId, on.workspaceId, read);
  }

  async list(ctx: RequestContext, q: CurrencyListQuery): Promise<Page<CurrencyResponse>> {
    const qb = this.db.repo(ctx, CurrencyEntity, label).qb('c');
    filterByIds(qb, q);
    if (q.codes?.length) qb.andWhere('c.code IN (:...codes)', { codes: q.codes.map((c) => c.toUpperCase()) });
    if (q.is_default !== undefined) qb.andWhere('c.is_default = :isDefault', { isDefault: q.is_default });
    const page = await paginate(qb, listParams(q), { sort: { Code: 'c.code' }, search: ['c.code'] });
    return { data: page.data.map(toCurrencyResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CurrencyResponse> {
    return respond(await this.db.repo(ctx, CurrencyEntity, label).get(id), toCurrencyResponse);
  }

  async create(ctx: RequestContext, body: CreateCurrencyRequest): Promise<CurrencyResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CurrencyEntity, label);
      if (await repo.exists({ code: body.code }))
        throw conflict(`${body.code} is already a currency of this workspace.`, {
          code: ['is already in use'],
        });
      const hasDefault = await repo.exists({ isDefault: true });
      if (hasDefault && body.isDefault)
        throw conflict('The workspace has a default currency already; make this one the default with PUT.', {
          isDefault: ['a workspace has exactly one default currency'],
        });
      // A workspace without any (none is created without one) gets its base currency here.
      const isDefault = !hasDefault;
      assertBaseRate(isDefault, body.exchangeRate);
      // The unique indexes on (workspace, code) and on the default decide under concurrency (409).
      const saved = await repo.insert({
        code: body.code,
        symbol: body.symbol ?? symbolOf(body.code),
        exchangeRate: String(body.exchangeRate),
        isDefault,
        externalReference: body.externalReference ?? null,
      });
      await tx.activities.created('Currency', saved.id, snapshot(saved));
      return respond(saved, toCurrencyResponse);
    });
  }

  async update(ctx: RequestContext, id: string, body: UpdateCurrencyRequest): Promise<CurrencyResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(CurrencyEntity, label);
      const row = await repo.getForWrite(id);
      if (row.isDefault && !body.isDefault)
        throw conflict('A workspace keeps exactly one default currency: make another currency the default.', {
          isDefault: ['the default currency stays the default until another one becomes it'],
        });
      assertBaseRate(body.isDefault, body.exchangeRate);
      if (body.isDefault && !row.isDefault) {
        // The previous default first (locked), so the partial unique index sees one default at a time.
        const previous = await repo.qb('c').andWhere('c.is_default').setLock('pessimistic_write').getOne();
        if (previous) {
          const before = snapshot(previous);
          previous.isDefault = false;
          const saved = await repo.save(previous);
          await tx.activities.updated('Currency', previous.id, before, snapshot(saved));
        }
      }
      const before = snapshot(row);
      Object.assign(row, {
        symbol: body.symbol ?? symbolOf(row.code),
        exchangeRate: String(body.exchangeRate),
        isDefault: body.isDefault,
        externalReference: body.externalReference ?? null,
      });
      const saved = await repo.save(row);
      await tx.activities.updated('Currency', id, before, snapshot(saved));
      return respond(saved, toCurrencyResponse);
    });
  }
}

/** The default currency is the base the other rates refer to: its own rate is 1. */
function assertBaseRate(isDefault: boolean, rate: number): void {
  if (isDefault && rate !== 1)
    throw invalidField(
      'exchangeRate',
      'the default currency is the base of the exchange rates: its rate is 1',
    );
}
