import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { ChangeListener } from '../../platform/database/change-listener';
import { Db, type Tx } from '../../platform/database/db';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { AtomicScriptEntity } from './atomic-script.entity';
import { versionOf } from './price-scripts-version';
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

interface Loaded {
  scripts: Array<{ id: string; name: string }>;
  compiled: CompiledScripts | null;
  /** `versionOf` the scripts loaded. */
  version: string;
}

/**
 * A workspace's compiled scripts as cached: taken by each call that runs them (`users`), disposed
 * only when it is both out of the cache (`retired`: changed, evicted, broken) and unused, so a
 * call never runs an interpreter another event has freed.
 */
interface ScriptSet {
  ready: Promise<Loaded>;
  users: number;
  retired: boolean;
}

/**
 * Runs a workspace's active `PriceCalculation` scripts over priced lines. The scripts are
 * compiled once per workspace and kept; a change to atomic_scripts (on any instance) notifies
 * `atomic_scripts_changed` and the set is dropped (ChangeListener, the service's one LISTEN/NOTIFY
 * mechanism). Without live notifications nothing is kept: every call loads and compiles.
 * A script that throws, runs past its limits or answers something malformed is skipped for that
 * line and logged; pricing goes on with what the earlier scripts decided. Nothing that goes wrong
 * in the sandbox fails the price: the lines are then priced without scripts, and it is logged.
 */
@Injectable()
export class PriceScripts implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AtomicScripts');
  private readonly cache = new Map<string, ScriptSet>();
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
    const drop = workspaceId ? [workspaceId] : [...this.cache.keys()];
    for (const id of drop) {
      const set = this.cache.get(id);
      this.cache.delete(id);
      if (set) this.retire(set);
    }
  }

  /**
   * Applies the scripts to each line, in order (`toInput` builds a line's input only when there
   * are scripts to run). Null when no script ran: every line is unchanged.
   * `version`: the scripts' version as the price request's statement read it
   * (`priceScriptsVersionSql`); a cached set of another version is loaded afresh, so a change made
   * on another instance counts from the next price on, before its notification arrives.
   */
  async apply<T>(
    ctx: RequestContext,
    lines: readonly T[],
    toInput: (line: T, index: number) => ScriptPriceInput,
    tx?: Tx,
    version?: string,
  ): Promise<ScriptPriceOutcome[] | null> {
    if (version === '') return null;
    let set = this.acquire(ctx, tx);
    try {
      let loaded: Loaded;
      try {
        loaded = await set.ready;
        if (version !== undefined && loaded.version !== version) {
          this.drop(ctx.workspaceId, set);
          this.release(set);
          set = this.acquire(ctx, tx);
          loaded = await set.ready;
        }
      } catch (e) {
        // Reading the scripts failed (the database's error, as any query's) or the sandbox did not start.
        if (e instanceof QueryFailedError) throw e;
        this.logger.error(`Atomic scripts of workspace ${ctx.workspaceId} not run: ${(e as Error).message}`);
        return null;
      }
      const compiled = loaded.compiled;
      if (!compiled || !loaded.scripts.length) return null;
      // A script that ran past a limit is not run again for the rest of this call's lines.
      const exhausted = new Set<number>();
      try {
        return lines.map((line, i) => this.applyToLine(ctx, loaded, compiled, toInput(line, i), exhausted));
      } catch (e) {
        compiled.broken = true;
        this.logger.error(`Atomic scripts of workspace ${ctx.workspaceId} failed: ${(e as Error).message}`);
        return null;
      } finally {
        if (compiled.broken) this.drop(ctx.workspaceId, set);
      }
    } finally {
      this.release(set);
    }
  }

  /** The workspace's set, taken for this call (synchronously, so no event can free it meanwhile). */
  private acquire(ctx: RequestContext, tx?: Tx): ScriptSet {
    const live = this.isLive();
    let set = live ? this.cache.get(ctx.workspaceId) : undefined;
    if (set) {
      // Most recently used last (Map keeps insertion order).
      this.cache.delete(ctx.workspaceId);
      this.cache.set(ctx.workspaceId, set);
    } else {
      set = { ready: this.load(ctx, tx), users: 0, retired: !live };
      if (live) {
        this.cache.set(ctx.workspaceId, set);
        this.evict();
        const loading = set;
        // A failed load is not kept.
        loading.ready.catch(() => this.drop(ctx.workspaceId, loading));
      }
    }
    set.users++;
    return set;
  }

  private release(set: ScriptSet): void {
    set.users--;
    if (set.retired && set.users === 0) this.dispose(set);
  }

  private retire(set: ScriptSet): void {
    if (set.retired) return;
    set.retired = true;
    if (set.users === 0) this.dispose(set);
  }

  private dispose(set: ScriptSet): void {
    set.ready.then(
      (loaded) => {
        loaded.compiled?.dispose();
        loaded.compiled = null;
      },
      () => undefined,
    );
  }

  private drop(workspaceId: string, set: ScriptSet): void {
    if (this.cache.get(workspaceId) === set) this.cache.delete(workspaceId);
    this.retire(set);
  }

  private evict(): void {
    while (this.cache.size > maxCachedWorkspaces) {
      const [oldest, set] = this.cache.entries().next().value as [string, ScriptSet];
      this.cache.delete(oldest);
      this.retire(set);
    }
  }

  private applyToLine(
    ctx: RequestContext,
    set: Loaded,
    compiled: CompiledScripts,
    line: ScriptPriceInput,
    exhausted: Set<number>,
  ): ScriptPriceOutcome {
    const outcome: ScriptPriceOutcome = { messages: [] };
    const input = { ...line };
    set.scripts.forEach((script, i) => {
      const c = compiled.compiled[i];
      if (compiled.broken || 'error' in c || exhausted.has(i)) return;
      const run = compiled.run(c.index, JSON.stringify({ ...input, messages: [...outcome.messages] }));
      const decided = run.ok ? readOutcome(run.value) : run;
      if (!decided.ok) {
        if ('limit' in decided && decided.limit) exhausted.add(i);
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

  private async load(ctx: RequestContext, tx?: Tx): Promise<Loaded> {
    const repo = tx
      ? tx.repo(AtomicScriptEntity, 'AtomicScript')
      : this.db.repo(ctx, AtomicScriptEntity, 'AtomicScript');
    const rows = await repo
      .qb('s')
      .select(['s.id', 's.name', 's.code', 's.version'])
      .andWhere('s.trigger = :trigger AND s.active', { trigger: 'PriceCalculation' })
      .orderBy('s.display_order', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
    const version = versionOf(rows);
    if (!rows.length) return { scripts: [], compiled: null, version };
    const compiled = await this.sandbox.compile(rows.map((r) => r.code));
    compiled.compiled.forEach((c, i) => {
      if ('error' in c)
        this.logger.warn(
          `Atomic script ${rows[i].id} of workspace ${ctx.workspaceId} does not compile: ${c.error}`,
        );
    });
    return { scripts: rows.map((r) => ({ id: r.id, name: r.name })), compiled, version };
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
