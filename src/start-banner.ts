/**
 * What a start prints last, on stdout, as plain lines after the service listens: the bootstrap
 * admin's login when this start created it, then where the service listens and where its docs are.
 * Nest's own start-up lines (modules, one per route) are logged at debug, so at the default `info`
 * a start prints little else before this.
 */
export function startBanner(opts: { port: number; database: string; adminLogin?: string[] }): string {
  const base = `http://localhost:${opts.port}`;
  const lines = [
    '',
    ...(opts.adminLogin ? [...opts.adminLogin, ''] : []),
    `Listening on ${base} (${opts.database})`,
    `  API docs (Swagger UI): ${base}/docs`,
    `  OpenAPI document:      ${base}/openapi.json`,
    '',
  ];
  return lines.join('\n');
}
