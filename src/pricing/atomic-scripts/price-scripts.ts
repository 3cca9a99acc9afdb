import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangeListener } from '../../platform/database/change-listener';
import { Db, type Tx } from '../../platform/database/db';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { AtomicScriptEntity } from './atomic-script.entity';
import { CompiledScripts, ScriptSandbox } from './script-sandbox';

/** Notified by the trigger on atomic_scripts (migration PricingVatCodesAtomicScripts), payload the workspace id. */
export const ATOMIC_SCRIPTS_CHANGED = 'atomic_scripts_changed';

/** What a price-calculation script receives as `input` (plain JSON; money as numbers, 2 decimals). */
export interface ScriptPriceInput {
  product: {
    id: string;
    sku: string | null;
    name: string;
    salesPrice: number | null;
    suggestedRetailPrice: number | null;
    active: boolean;
  };
  quantity: number;
  account: { id: string; displayName: string; accountCode: string | null; discountPercentage: number } | null;
  /** The customer price of one unit so far (after earlier scripts); null = on request. */
  customerPrice: number | null;
  shouldRequestPrice: boolean;
}

/** What the scripts decided for one line: `customerPrice` undefined = unchanged. */
export interface ScriptPriceOutcome {
  customerPrice?: number | null;
  shouldRequestPrice?: boolean;
  messages: string[];
}

const maxMessages = 20;
const maxMessageLength = 1000;
/** Compiled sets kept per process (least recently used dropped first). */
const maxCachedWorkspaces = 100;

interface ScriptSet {
  scripts: Array<{ id: string; name: string }>;
  compiled: CompiledScripts | null;
}

/**
 * Runs a workspace's active `PriceCalculation` scripts over priced lines. The scripts are
 * compiled once per workspace and kept; a change to atomic_scripts (on any instance) notifies
 * `atomic_scripts_changed` and the set is dropped (ChangeListener, the service's one LISTEN/NOTIFY
 * mechanism). Without live notifications nothing is kept: every call loads and compiles.
 * A script that throws, runs past its limits or answers something malformed is skipped for that
 * line and logged; pricing goes on with what the earlier scripts decided.
 */
@Injectable()
export class PriceScripts implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AtomicScripts');
  private readonly cache = new Map<string, Promise<ScriptSet>>();
  private generation = 0;
  private readonly changes: ChangeListener;
  isLive: () => boolean = () => false;

  constructor(
    private readonly db: Db,
    private readonly sandbox: ScriptSandbox,
    dataSource: DataSource,
    @Inject(EMBEDDED_DATABASE) pglite: PGlite | null,
  ) {
    this.changes = new ChangeListener(ATOMIC_SCRIPTS_CHANGED, this, dataSource, pglite);
  }

  onModuleInit(): Promise<void> {
    return this.changes.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.changes.stop();
    this.invalidate();
  }

  /** A workspace's scripts changed (payload = its id), or anything may have (no payload): drop them. */
  invalidate(workspaceId?: string): void {
    this.generation++;
    const drop = workspaceId ? [workspaceId] : [...this.cache.keys()];
    for (const id of drop) {
      const set = this.cache.get(id);
      this.cache.delete(id);
      void set?.then(
        (s) => s.compiled?.dispose(),
        () => undefined,
      );
    }
  }

  /** Applies the scripts to each line, in order; lines without scripts come back unchanged. */
  async apply(ctx: RequestContext, lines: ScriptPriceInput[], tx?: Tx): Promise<ScriptPriceOutcome[]> {
    const set = await this.set(ctx, tx);
    if (!set.compiled || !set.scripts.length) return lines.map(() => ({ messages: [] }));
    const compiled = set.compiled;
    const outcomes = lines.map((line) => this.applyToLine(ctx, set, compiled, line));
    if (compiled.broken) this.drop(ctx.workspaceId, set);
    return outcomes;
  }

  private applyToLine(
    ctx: RequestContext,
    set: ScriptSet,
    compiled: CompiledScripts,
    line: ScriptPriceInput,
  ): ScriptPriceOutcome {
    const outcome: ScriptPriceOutcome = { messages: [] };
    const input = { ...line };
    set.scripts.forEach((script, i) => {
      const c = compiled.compiled[i];
      if (compiled.broken || 'error' in c) return;
      const run = compiled.run(c.index, JSON.stringify({ ...input, messages: [...outcome.messages] }));
      const decided = run.ok ? readOutcome(run.value) : run;
      if (!decided.ok) {
        this.logger.warn(
          `Atomic script ${script.id} (${script.name}) of workspace ${ctx.workspaceId} skipped for product ${line.product.id}: ${decided.error}`,
        );
        return;
      }
      const value = decided.value;
      if (value.customerPrice !== undefined) {
        outcome.customerPrice = value.customerPrice;
        input.customerPrice = value.customerPrice;
      }
      if (value.shouldRequestPrice !== undefined) {
        outcome.shouldRequestPrice = value.shouldRequestPrice;
        input.shouldRequestPrice = value.shouldRequestPrice;
      }
      outcome.messages.push(...value.messages.slice(0, maxMessages - outcome.messages.length));
    });
    return outcome;
  }

  private drop(workspaceId: string, set: ScriptSet): void {
    const current = this.cache.get(workspaceId);
    if (current)
      void current.then(
        (s) => s === set && this.cache.get(workspaceId) === current && this.cache.delete(workspaceId),
      );
    set.compiled?.dispose();
    set.compiled = null;
  }

  private async set(ctx: RequestContext, tx?: Tx): Promise<ScriptSet> {
    const cached = this.isLive() ? this.cache.get(ctx.workspaceId) : undefined;
    if (cached) {
      // Most recently used last (Map keeps insertion order).
      this.cache.delete(ctx.workspaceId);
      this.cache.set(ctx.workspaceId, cached);
      return cached;
    }
    const startedAt = this.generation;
    const loading = this.load(ctx, tx);
    if (!this.isLive()) {
      const set = await loading;
      // Not kept: dispose once this call is done with it.
      setImmediate(() => set.compiled?.dispose());
      return set;
    }
    this.cache.set(ctx.workspaceId, loading);
    try {
      const set = await loading;
      // A change seen while loading: this copy may be stale; keep it for this call only.
      if (startedAt !== this.generation && this.cache.get(ctx.workspaceId) === loading)
        this.cache.delete(ctx.workspaceId);
      this.evict();
      return set;
    } catch (e) {
      if (this.cache.get(ctx.workspaceId) === loading) this.cache.delete(ctx.workspaceId);
      throw e;
    }
  }

  private evict(): void {
    while (this.cache.size > maxCachedWorkspaces) {
      const [oldest, set] = this.cache.entries().next().value as [string, Promise<ScriptSet>];
      this.cache.delete(oldest);
      void set.then(
        (s) => s.compiled?.dispose(),
        () => undefined,
      );
    }
  }

  private async load(ctx: RequestContext, tx?: Tx): Promise<ScriptSet> {
    const repo = tx
      ? tx.repo(AtomicScriptEntity, 'AtomicScript')
      : this.db.repo(ctx, AtomicScriptEntity, 'AtomicScript');
    const rows = await repo
      .qb('s')
      .select(['s.id', 's.name', 's.code'])
      .andWhere('s.trigger = :trigger AND s.active', { trigger: 'PriceCalculation' })
      .orderBy('s.display_order', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
    if (!rows.length) return { scripts: [], compiled: null };
    const compiled = await this.sandbox.compile(rows.map((r) => r.code));
    compiled.compiled.forEach((c, i) => {
      if ('error' in c)
        this.logger.warn(
          `Atomic script ${rows[i].id} of workspace ${ctx.workspaceId} does not compile: ${c.error}`,
        );
    });
    return { scripts: rows.map((r) => ({ id: r.id, name: r.name })), compiled };
  }
}

type Read =
  | { ok: true; value: { customerPrice?: number | null; shouldRequestPrice?: boolean; messages: string[] } }
  | { ok: false; error: string };

/** A script's answer, checked: undefined/null = no change; else an object of the documented members. */
function readOutcome(value: unknown): Read {
  if (value === null || value === undefined) return { ok: true, value: { messages: [] } };
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: 'The script must return an object or nothing.' };
  const v = value as Record<string, unknown>;
  const out: { customerPrice?: number | null; shouldRequestPrice?: boolean; messages: string[] } = {
    messages: [],
  };
  if (v.customerPrice !== undefined) {
    if (
      v.customerPrice !== null &&
      (typeof v.customerPrice !== 'number' ||
        !Number.isFinite(v.customerPrice) ||
        v.customerPrice < 0 ||
        v.customerPrice > 1e14)
    )
      return { ok: false, error: 'customerPrice must be a number ≥ 0 or null.' };
    out.customerPrice = v.customerPrice as number | null;
  }
  if (v.shouldRequestPrice !== undefined) {
    if (typeof v.shouldRequestPrice !== 'boolean')
      return { ok: false, error: 'shouldRequestPrice must be a boolean.' };
    out.shouldRequestPrice = v.shouldRequestPrice;
  }
  if (v.messages !== undefined) {
    if (!Array.isArray(v.messages) || v.messages.some((m) => typeof m !== 'string'))
      return { ok: false, error: 'messages must be an array of strings.' };
    out.messages = (v.messages as string[]).slice(0, maxMessages).map((m) => m.slice(0, maxMessageLength));
  }
  return { ok: true, value: out };
}
