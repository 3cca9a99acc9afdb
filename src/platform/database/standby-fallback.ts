import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';

/**
 * Errors after which a read sent to a standby runs again on the primary: the standby is gone or
 * going (connection refused or lost, shutting down, starting up, out of connections), its replay
 * cancelled the query (a recovery conflict), or the statement writes (a read-only transaction).
 */
const retryableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '25006',
]);
const retryableMessage =
  /Connection terminated|connection error|timeout exceeded when trying to connect|conflict with recovery/i;

function retryable(error: unknown): boolean {
  const e = error as { code?: unknown; driverError?: { code?: unknown }; message?: unknown };
  const code = String(e?.driverError?.code ?? e?.code ?? '');
  if (retryableCodes.has(code) || code.startsWith('08')) return true;
  return typeof e?.message === 'string' && retryableMessage.test(e.message);
}

/** Whether the error, a standby's, leaves the standby usable (the statement wrote, or a conflict). */
const standbyStillUp = (error: unknown): boolean => {
  const e = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = String(e?.driverError?.code ?? e?.code ?? '');
  return code === '25006' || code === '40001';
};

interface Fallback {
  primary: DataSource;
  failed(error: Error): void;
}

const fallbacks = new WeakMap<DataSource, Fallback>();

/**
 * Makes every query a standby's data source runs through TypeORM (query builders, `manager.query`)
 * run again on `primary` when it fails with a retryable error; `failed` hears of the connection
 * errors. Named statements (`runNamed`) ask `primaryAfter` themselves.
 */
export function setStandbyFallback(
  standby: DataSource,
  primary: DataSource,
  failed: (error: Error) => void,
): void {
  fallbacks.set(standby, { primary, failed });
  const create = standby.createQueryRunner.bind(standby);
  standby.createQueryRunner = (mode?: ReplicationMode): QueryRunner => {
    const runner = create(mode);
    const query = runner.query.bind(runner);
    runner.query = (async (text: string, parameters?: unknown[], structured?: boolean) => {
      try {
        return await query(text, parameters, structured as true);
      } catch (error) {
        const to = primaryAfter(standby, error);
        if (!to) throw error;
        const other = to.createQueryRunner();
        try {
          return await other.query(text, parameters, structured as true);
        } finally {
          await other.release();
        }
      }
    }) as QueryRunner['query'];
    return runner;
  };
}

/** The primary to run a failed read of `dataSource` on again, when it is a standby's and may. */
export function primaryAfter(dataSource: DataSource, error: unknown): DataSource | undefined {
  const fallback = fallbacks.get(dataSource);
  if (!fallback || !retryable(error)) return undefined;
  if (!standbyStillUp(error)) fallback.failed(error as Error);
  return fallback.primary;
}
