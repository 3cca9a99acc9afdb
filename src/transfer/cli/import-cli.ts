import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type CliJob, exitCodeOf, parseCliArgs, progressLine, report, usage } from './import-cli-core';

/**
 * `npm run import -- FILE --kind products|accounts|contacts [--dry-run] [--preset …] [--mapping FILE.json]
 * [--create-missing-categories] [--url …] [--api-key …]`
 * (docs/imports.md): uploads the file as an import job (X-Api-Key), polls it with a one-line
 * progress, prints the error report; exit code 1 when the job failed or had row errors, 2 on bad
 * arguments or a refused request.
 */
async function main(): Promise<number> {
  const options = parseCliArgs(process.argv.slice(2), process.env);
  if ('error' in options) {
    process.stderr.write(`${options.error}\n${usage}\n`);
    return 2;
  }
  const headers = { 'X-Api-Key': options.apiKey };
  const form = new FormData();
  form.set('kind', options.kind);
  form.set('mode', options.dryRun ? 'dryRun' : 'apply');
  if (options.preset) form.set('preset', options.preset);
  // The mapping's JSON is sent as it is: the service checks it and names what is wrong (400).
  if (options.mappingFile) form.set('mapping', await readFile(options.mappingFile, 'utf8'));
  if (options.createMissingCategories) form.set('createMissingCategories', 'true');
  form.set('file', new Blob([await readFile(options.file)]), basename(options.file));
  const created = await fetch(`${options.url}/core-api/imports`, { method: 'POST', headers, body: form });
  const body = (await created.json()) as { id?: string; detail?: string; errors?: unknown };
  if (created.status !== 202 || !body.id) {
    process.stderr.write(`The upload was refused (${created.status}): ${JSON.stringify(body)}\n`);
    return 2;
  }
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${options.url}/core-api/imports/${body.id}`, { headers });
    if (res.status !== 200) {
      process.stderr.write(`Reading the job failed (${res.status})\n`);
      return 2;
    }
    const job = (await res.json()) as CliJob;
    const line = progressLine(job, Date.now() - started);
    if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
    if (['Succeeded', 'Failed', 'Canceled'].includes(job.status)) {
      process.stdout.write(`${process.stdout.isTTY ? '\n' : `${line}\n`}${report(job)}\n`);
      return exitCodeOf(job);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  },
);
