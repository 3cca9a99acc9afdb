import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { STANDBYS } from '../database/db';
import type { Standbys } from '../database/standbys';
import { BackgroundQueues } from './background-queues';

/** The label of requests no route matched (404s of unknown paths): never the raw URL. */
export const unmatchedRoute = 'unmatched';

/**
 * The service's Prometheus metrics, one registry per application (tests boot several in one
 * process). Requests are recorded by a Fastify onResponse hook (`registerRequestMetrics`); the
 * pool is read and the background queues are measured when `/metrics` is scraped, so nothing
 * runs between scrapes.
 */
@Injectable()
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly queueDepth: Gauge<'queue'>;
  private readonly queueOldestAge: Gauge<'queue'>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: BackgroundQueues,
    @Optional() @Inject(STANDBYS) standbys?: Standbys,
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const pool = () => (this.dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool: in_use (lent to a query or transaction) or idle',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p ? p.totalCount - p.idleCount : 0);
        this.set({ state: 'idle' }, p ? p.idleCount : 0);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_clients',
      help: 'Queries and transactions waiting for a pool connection',
      registers: [this.registry],
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The size limit of the database pool',
      registers: [this.registry],
      collect() {
        this.set(pool()?.options.max ?? 0);
      },
    });
    if (standbys?.configured) {
      const states = ['up', 'lagging', 'down', 'starting'] as const;
      new Gauge({
        name: 'db_standby_state',
        help: 'Each standby of DATABASE_READ_URLS: 1 for its current state (up: serves reads; lagging: further behind than DATABASE_READ_MAX_LAG_MS; down: not answering)',
        labelNames: ['standby', 'state'],
        registers: [this.registry],
        collect() {
          for (const s of standbys.statuses())
            for (const state of states) this.set({ standby: s.name, state }, s.state === state ? 1 : 0);
        },
      });
      new Gauge({
        name: 'db_standby_lag_seconds',
        help: 'How long ago the primary first wrote what the standby has not replayed yet (0: caught up; absent while down)',
        labelNames: ['standby'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const s of standbys.statuses())
            if (s.lagMs !== undefined) this.set({ standby: s.name }, s.lagMs / 1000);
        },
      });
      new Gauge({
        name: 'db_standby_lag_bytes',
        help: 'WAL written on the primary and not replayed on the standby yet',
        labelNames: ['standby'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const s of standbys.statuses())
            if (s.lagBytes !== undefined) this.set({ standby: s.name }, s.lagBytes);
        },
      });
      new Gauge({
        name: 'db_reads_routed',
        help: 'Reads of callers that may use a standby, by where they went (primary: no standby was up or had replayed the caller’s last write), since start',
        labelNames: ['target'],
        registers: [this.registry],
        collect() {
          this.set({ target: 'standby' }, standbys.routed.standby);
          this.set({ target: 'primary' }, standbys.routed.primary);
        },
      });
    }
    this.queueDepth = new Gauge({
      name: 'background_queue_depth',
      help: 'Items of background work not done yet (webhook deliveries: pending, due or awaiting a retry)',
      labelNames: ['queue'],
      registers: [this.registry],
    });
    this.queueOldestAge = new Gauge({
      name: 'background_queue_oldest_age_seconds',
      help: 'Age of the oldest item of background work not done yet (0 when none)',
      labelNames: ['queue'],
      registers: [this.registry],
    });
  }

  /** Called once per answered request: cheap (one hash of three short labels). */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route: route ?? unmatchedRoute, status: String(status) }, seconds);
  }

  /** The exposition text: measures the queues (one statement each), then renders every metric. */
  async render(): Promise<string> {
    await Promise.all(
      this.queues.entries().map(async ([queue, measure]) => {
        try {
          const state = await measure();
          this.queueDepth.set({ queue }, state.depth);
          this.queueOldestAge.set({ queue }, state.oldestAgeSeconds);
        } catch (e) {
          // A stale number would mislead: the series disappears until the database answers.
          this.queueDepth.remove({ queue });
          this.queueOldestAge.remove({ queue });
          this.logger.warn(`The ${queue} queue could not be measured: ${(e as Error).message}`);
        }
      }),
    );
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
