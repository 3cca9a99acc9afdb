import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Env } from '../../config/env';
import { ChangeListener } from '../../platform/database/change-listener';
import { Db, type Tx } from '../../platform/database/db';
import { readsOnPrimary } from '../../platform/database/primary-reads';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { AtomicScriptEntity } from './atomic-script.entity';
import { versionOf } from './price-scripts-version';
import { ScriptSandbox } from './script-sandbox';

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

/**
 * What the scripts decided for one line: `customerPrice` undefined = unchanged. `failed`: the
 * workspace's rules could not be applied to this line (a script threw, hit a limit, answered
 * something malformed, or the sandbox could not run): the line must not be priced as if the rules
 * did not exist (fail closed).
 */
export interface ScriptPriceOutcome {
  customerPrice?: number | null;
  shouldRequestPrice?: boolean;
  messages: string[];
  failed?: { reason: string; retryAfterSeconds: number };
}

/** Loaded script sets kept per process (least recently used dropped first). */
const maxCachedWorkspaces = 100;
/** What a log line quotes of a script's error. */
const maxLoggedError = 500;

interface Loaded {
  scripts: Array<{ id: string; name: string; code: string }>;
  /** `versionOf` the scripts loaded. */
  version: string;
}

/**
 * Runs a workspace's active `PriceCalculation` scripts over priced lines, in the sandbox's worker
 * pool: one evaluation per price request, carrying all its lines (script-sandbox.ts). The scripts'
 * code is read once per workspace and kept; a change to atomic_scripts (on any instance) notifies
 * `atomic_scripts_changed` and the set is dropped (ChangeListener, the service's one LISTEN/NOTIFY
 * mechanism), and every price checks the kept set against the version its own statement read.
 * Without live notifications nothing is kept.
 * Fail closed: a line whose rules did not all run (a script threw, hit a limit, answered something
 * malformed; the evaluation was stopped, the pool could not run it, the request asked for more
 * runs than SCRIPTS_MAX_RUNS) comes back `failed`, never priced without them. Failures are logged
 * once per request, cut to 500 characters.
 */
@Injectable()
export class PriceScripts implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AtomicScripts');
  private readonly cache = new Map<string, Promise<Loaded>>();
  private readonly changes: ChangeListener;
  isLive: () => boolean = () => false;

  constructor(
    private readonly db: Db,
    private readonly sandbox: ScriptSandbox,
    private readonly env: Env,
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
    if (workspaceId) this.cache.delete(workspaceId);
    else this.cache.clear();
  }

  /**
   * Applies the scripts to each line, in order (`toInput` builds a line's input only when there
   * are scripts to run). Null when the workspace has no active script: every line is unchanged.
   * `version`: the scripts' version the price request's inputs hold (`priceTables`, kept by the
   * PriceTablesCache outside a transaction); a kept set of another version is loaded afresh, so
   * the compiled set never lags behind the version the price was read with.
   */
  async apply<T>(
    ctx: RequestContext,
    lines: readonly T[],
    toInput: (line: T, index: number) => ScriptPriceInput,
    tx?: Tx,
    version?: string,
  ): Promise<ScriptPriceOutcome[] | null> {
    if (version === '') return null;
    let loaded = await this.load(ctx, tx);
    if (version !== undefined && loaded.version !== version) {
      this.cache.delete(ctx.workspaceId);
      loaded = await this.load(ctx, tx);
    }
    if (!loaded.scripts.length || !lines.length) return null;
    const { scripts } = loaded;
    const failAll = (reason: string, retryAfterSeconds: number): ScriptPriceOutcome[] => {
      this.logger.warn(
        `Atomic scripts of workspace ${ctx.workspaceId} not applied to ${lines.length} line(s): ${reason.slice(0, maxLoggedError)}`,
      );
      return lines.map(() => ({ messages: [], failed: { reason, retryAfterSeconds } }));
    };
    if (lines.length * scripts.length > this.env.SCRIPTS_MAX_RUNS)
      return failAll(
        `${lines.length} lines × ${scripts.length} scripts exceed the ${this.env.SCRIPTS_MAX_RUNS} script runs a request may ask for`,
        1,
      );
    const evaluation = await this.sandbox.price(
      ctx.workspaceId,
      scripts.map((s) => s.code),
      lines.map((l, i) => toInput(l, i)),
    );
    if (!evaluation.ok) return failAll(evaluation.reason, evaluation.retryAfterSeconds);
    const failed = evaluation.lines.filter((l) => l.failure);
    if (failed.length) {
      const first = failed[0].failure!;
      const script = scripts[first.script];
      this.logger.warn(
        `Atomic scripts of workspace ${ctx.workspaceId} failed for ${failed.length} of ${lines.length} line(s); first: script ${script.id} (${script.name.slice(0, 100)}): ${first.error.slice(0, maxLoggedError)}`,
      );
    }
    return evaluation.lines.map((l) =>
      l.failure
        ? {
            messages: l.messages,
            failed: { reason: 'a price rule failed for this line', retryAfterSeconds: 1 },
          }
        : { customerPrice: l.customerPrice, shouldRequestPrice: l.shouldRequestPrice, messages: l.messages },
    );
  }

  /** The workspace's active price scripts, kept while notifications are live. */
  private load(ctx: RequestContext, tx?: Tx): Promise<Loaded> {
    const live = this.isLive();
    const kept = live ? this.cache.get(ctx.workspaceId) : undefined;
    if (kept) {
      // Most recently used last (Map keeps insertion order).
      this.cache.delete(ctx.workspaceId);
      this.cache.set(ctx.workspaceId, kept);
      return kept;
    }
    // Kept like a notified cache's answer: read on the primary, where the notifications come from.
    const loading = readsOnPrimary(() => this.read(ctx, tx));
    if (live) {
      this.cache.set(ctx.workspaceId, loading);
      while (this.cache.size > maxCachedWorkspaces) this.cache.delete(this.cache.keys().next().value!);
      // A failed read is not kept.
      loading.catch(() => this.cache.get(ctx.workspaceId) === loading && this.cache.delete(ctx.workspaceId));
    }
    return loading;
  }

  private async read(ctx: RequestContext, tx?: Tx): Promise<Loaded> {
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
    return { scripts: rows.map((r) => ({ id: r.id, name: r.name, code: r.code })), version: versionOf(rows) };
  }
}
