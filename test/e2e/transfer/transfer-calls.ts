import { expect } from '@jest/globals';
import type { Caller, TestApp } from '../../support/app';

/** What an import job answer holds (the parts the tests read). */
export interface Job {
  id: string;
  status: string;
  rowsTotal: number | null;
  rowsProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errorCount: number;
  failure: string | null;
  detectedFormat: string | null;
  errors: Array<{ row: number; column: string | null; message: string }>;
  plan: Array<{ row: number; key: string; action: string; changes: string[] }>;
  preset?: string | null;
}

/** POST /core-api/imports with one file and the job's fields. */
export function upload(
  t: TestApp,
  caller: Caller,
  file: Buffer | string | null,
  fields: Record<string, string>,
  name = 'products.csv',
) {
  let req = t.http.post('/core-api/imports').set('Authorization', `Bearer ${caller.token}`);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file !== null) req = req.attach('file', Buffer.from(file), name);
  return req;
}

/** Waits until the job has ended (Succeeded, Failed or Canceled) and answers it. */
export async function ended(caller: Caller, id: string, timeoutMs = 30_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await caller.get(`/core-api/imports/${id}`);
    expect(res.status).toBe(200);
    if (['Succeeded', 'Failed', 'Canceled'].includes(res.body.status)) return res.body as Job;
    if (Date.now() > until) throw new Error(`job ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a file and waits for its job's end. */
export async function runImport(
  t: TestApp,
  caller: Caller,
  file: Buffer | string,
  fields: Record<string, string>,
  name?: string,
): Promise<Job> {
  const res = await upload(t, caller, file, fields, name);
  expect(res.status).toBe(202);
  return ended(caller, res.body.id);
}

/** CSV text of rows (first row the header), `,`-delimited, quoting what needs it. */
export const csv = (rows: string[][], delimiter = ','): string =>
  rows
    .map((r) => r.map((c) => (/[",;\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter))
    .join('\r\n') + '\r\n';
