import { describe, expect, it } from '@jest/globals';
import { type CliJob, exitCodeOf, parseCliArgs, progressLine, report } from './import-cli-core';

const job = (over: Partial<CliJob> = {}): CliJob => ({
  status: 'Running',
  rowsTotal: 1000,
  rowsProcessed: 250,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  errorCount: 0,
  failure: null,
  errors: [],
  ...over,
});

describe('import CLI', () => {
  it('reads the file, kind, dry run, URL and API key (flag or environment)', () => {
    expect(parseCliArgs(['a.csv', '--kind', 'accounts', '--dry-run'], { API_KEY: 'k' })).toEqual({
      file: 'a.csv',
      kind: 'accounts',
      dryRun: true,
      url: 'http://127.0.0.1:3000',
      apiKey: 'k',
      createMissingCategories: false,
    });
    expect(
      parseCliArgs(
        [
          'shop.csv',
          '--kind',
          'products',
          '--preset',
          'shopify',
          '--mapping',
          'm.json',
          '--create-missing-categories',
        ],
        { API_KEY: 'k' },
      ),
    ).toMatchObject({ preset: 'shopify', mappingFile: 'm.json', createMissingCategories: true });
    expect(parseCliArgs(['a.csv', '--kind', 'products', '--preset'], { API_KEY: 'k' })).toEqual({
      error: '--preset needs a value',
    });
    expect(
      parseCliArgs(['a.csv', '--kind', 'products', '--url', 'https://x.example/', '--api-key', 'z'], {}),
    ).toMatchObject({
      url: 'https://x.example',
      apiKey: 'z',
      dryRun: false,
    });
  });

  it('says what is wrong with the arguments', () => {
    expect(parseCliArgs(['--kind', 'products'], { API_KEY: 'k' })).toEqual({ error: 'FILE is missing' });
    expect(parseCliArgs(['a.csv', '--kind', 'orders'], { API_KEY: 'k' })).toEqual({
      error: '--kind must be one of products, accounts, contacts',
    });
    expect(parseCliArgs(['a.csv', '--kind', 'products'], {})).toMatchObject({
      error: expect.stringContaining('API key'),
    });
    expect(parseCliArgs(['a.csv', '--kind'], { API_KEY: 'k' })).toEqual({ error: '--kind needs a value' });
    expect(parseCliArgs(['a.csv', '--kind', 'products', '--colour'], { API_KEY: 'k' })).toEqual({
      error: 'unknown option --colour',
    });
    expect(parseCliArgs(['a.csv', 'b.csv'], { API_KEY: 'k' })).toMatchObject({
      error: expect.stringContaining('one file only'),
    });
  });

  it('shows progress with rows/s and the time left', () => {
    expect(progressLine(job(), 5000, 10)).toBe('[###.......] 250/1000 rows, 50 rows/s, 15 s left (Running)');
    expect(progressLine(job({ rowsTotal: null, rowsProcessed: 0, status: 'Queued' }), 0, 4)).toBe(
      '[....] 0/? rows, 0 rows/s, ETA unknown (Queued)',
    );
  });

  it('reports the counts and each error, and exits non-zero on a failure or a row error', () => {
    const bad = job({
      status: 'Succeeded',
      created: 1,
      failed: 1,
      errorCount: 2,
      errors: [{ row: 3, column: 'email', message: '"x" is not an email address' }],
    });
    expect(report(bad)).toBe(
      'Succeeded: 1 created, 0 updated, 0 unchanged, 1 failed\nrow 3, column email: "x" is not an email address\n… and 1 more errors (the job keeps the first 1)',
    );
    expect(exitCodeOf(bad)).toBe(1);
    expect(exitCodeOf(job({ status: 'Succeeded' }))).toBe(0);
    expect(exitCodeOf(job({ status: 'Failed', failure: 'no sku column' }))).toBe(1);
    expect(report(job({ status: 'Failed', failure: 'no sku column' }))).toContain('failure: no sku column');
  });
});
