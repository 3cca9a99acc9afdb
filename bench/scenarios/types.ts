import type { Pool } from 'pg';
import type { Api } from '../lib/api';
import type { BenchConfig } from '../lib/config';

/** What a suite's seeder gets: the running full-stack service, logged in as the bootstrap admin (Owner). */
export interface SeedContext {
  api: Api;
  workspaceId: string;
  config: BenchConfig;
  log: (line: string) => void;
}

export interface ScenarioRequest {
  method: 'GET' | 'POST';
  path: string;
  /** A JSON body (POST). */
  body?: unknown;
  /** This request's caller (`Bearer …`) when it is not the scenario's (e.g. many shoppers ordering). */
  bearer?: string;
}

/** One measured request shape. `next` is called for every request (e.g. to rotate ids). */
export interface Scenario {
  name: string;
  next: () => ScenarioRequest;
  /** The caller (`Bearer …`) when not the bootstrap admin, e.g. a client login. */
  bearer?: string;
  /**
   * Brings the service into the state the scenario measures (e.g. a script active), before it
   * runs; `baseUrl` is the instance about to be measured (the seeding one may be stopped by then).
   */
  before?: (baseUrl: string) => Promise<void>;
  /** Why the scenario has no bare equivalent: then it is measured on the full stack only. */
  noBare?: string;
}

export const get = (path: string): ScenarioRequest => ({ method: 'GET', path });

/** The verified claims of the access token, as the bare server sees them. */
export interface BareAuth {
  sid: string;
  sub: string;
  ws: string;
  typ: 'User' | 'Client';
}

export interface BareAnswer {
  status: number;
  body?: unknown;
  etag?: string;
}

/**
 * The bare equivalent of an operation: one prepared statement per request that checks the session
 * (unrevoked, membership role) and reads the data, then JSON of the same shape as the service's.
 */
export interface BareRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (
    match: RegExpExecArray,
    query: URLSearchParams,
    auth: BareAuth,
    db: Pool,
    body?: unknown,
  ) => Promise<BareAnswer>;
}

/**
 * A pluggable group of scenarios sharing one seed: `seed` fills the database through the service's
 * API and returns what the scenarios need; `bareRoutes` are registered by bench/bare-server.ts.
 * Add a suite by writing bench/scenarios/<name>.ts and listing it in bench/scenarios/index.ts.
 */
export interface Suite<S = unknown> {
  name: string;
  /** Whether the running service offers what the suite needs (e.g. its context has landed). */
  available?: (ctx: SeedContext) => Promise<boolean>;
  seed: (ctx: SeedContext) => Promise<S>;
  scenarios: (state: S) => Scenario[];
  bareRoutes: BareRoute[];
}

/** A suite with its state hidden: seeds and hands back its scenarios. */
export interface RunnableSuite {
  name: string;
  available?: (ctx: SeedContext) => Promise<boolean>;
  prepare: (ctx: SeedContext) => Promise<Scenario[]>;
  bareRoutes: BareRoute[];
}

export function defineSuite<S>(suite: Suite<S>): RunnableSuite {
  return {
    name: suite.name,
    available: suite.available,
    prepare: async (ctx) => suite.scenarios(await suite.seed(ctx)),
    bareRoutes: suite.bareRoutes,
  };
}

/** Rotates through `items` so every request asks for another row. */
export function rotate<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}
