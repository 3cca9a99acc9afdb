/** What `npm run import` (docs/imports.md) reads from its arguments and shows: no I/O here. */

export const cliKinds = ['products', 'accounts', 'contacts'] as const;

export interface CliOptions {
  file: string;
  kind: (typeof cliKinds)[number];
  dryRun: boolean;
  url: string;
  apiKey: string;
  /** The job's `preset` (products: shopify, googleMerchant); the service checks it. */
  preset?: string;
  /** A JSON file holding the job's `mapping` ({ "<header in the file>": "<column>" | null }). */
  mappingFile?: string;
  createMissingCategories: boolean;
}

export const usage =
  'usage: npm run import -- FILE --kind products|accounts|contacts [--dry-run] [--preset shopify|googleMerchant] ' +
  '[--mapping MAPPING.json] [--create-missing-categories] [--url http://127.0.0.1:3000] [--api-key KEY (or env API_KEY)]';

/** The options of `argv` (the arguments after the script), or what is wrong with them. */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): CliOptions | { error: string } {
  let file: string | undefined;
  let kind: string | undefined;
  let url = 'http://127.0.0.1:3000';
  let apiKey = env.API_KEY;
  let dryRun = false;
  let preset: string | undefined;
  let mappingFile: string | undefined;
  let createMissingCategories = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    try {
      if (arg === '--kind') kind = value();
      else if (arg === '--url') url = value();
      else if (arg === '--api-key') apiKey = value();
      else if (arg === '--dry-run') dryRun = true;
      else if (arg === '--preset') preset = value();
      else if (arg === '--mapping') mappingFile = value();
      else if (arg === '--create-missing-categories') createMissingCategories = true;
      else if (arg.startsWith('--')) return { error: `unknown option ${arg}` };
      else if (file) return { error: `one file only (got ${file} and ${arg})` };
      else file = arg;
    } catch (e) {
      return { error: (e as Error).message };
    }
  }
  if (!file) return { error: 'FILE is missing' };
  if (!kind || !(cliKinds as readonly string[]).includes(kind))
    return { error: `--kind must be one of ${cliKinds.join(', ')}` };
  if (!apiKey) return { error: 'an API key is needed: --api-key KEY or the environment variable API_KEY' };
  if (!/^https?:\/\/[^/]+/.test(url)) return { error: `--url must be an http(s) URL (got ${url})` };
  return {
    file,
    kind: kind as CliOptions['kind'],
    dryRun,
    url: url.replace(/\/+$/, ''),
    apiKey,
    preset,
    mappingFile,
    createMissingCategories,
  };
}

/** The job as the CLI reads it (GET /core-api/imports/{id}). */
export interface CliJob {
  status: string;
  rowsTotal: number | null;
  rowsProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errorCount: number;
  failure: string | null;
  errors: Array<{ row: number; column: string | null; message: string }>;
}

/** One line of progress: rows done of the total, rows/s since the start and the time left. */
export function progressLine(job: CliJob, elapsedMs: number, width = 30): string {
  const total = job.rowsTotal;
  const rate = elapsedMs > 0 ? job.rowsProcessed / (elapsedMs / 1000) : 0;
  const share = total ? Math.min(1, job.rowsProcessed / total) : 0;
  const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
  const eta = total && rate > 0 ? `${Math.ceil((total - job.rowsProcessed) / rate)} s left` : 'ETA unknown';
  return `[${bar}] ${job.rowsProcessed}/${total ?? '?'} rows, ${Math.round(rate)} rows/s, ${eta} (${job.status})`;
}

/** The summary and error report of an ended job. */
export function report(job: CliJob): string {
  const lines = [
    `${job.status}: ${job.created} created, ${job.updated} updated, ${job.unchanged} unchanged, ${job.failed} failed`,
  ];
  if (job.failure) lines.push(`failure: ${job.failure}`);
  for (const e of job.errors)
    lines.push(`row ${e.row}${e.column ? `, column ${e.column}` : ''}: ${e.message}`);
  if (job.errorCount > job.errors.length)
    lines.push(
      `… and ${job.errorCount - job.errors.length} more errors (the job keeps the first ${job.errors.length})`,
    );
  return lines.join('\n');
}

/** 0 when the job succeeded without a row error; 1 otherwise. */
export const exitCodeOf = (job: CliJob): number =>
  job.status === 'Succeeded' && job.errorCount === 0 ? 0 : 1;
