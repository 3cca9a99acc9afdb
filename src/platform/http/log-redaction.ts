import pino from 'pino';

/** Member names whose values are secrets wherever they appear in a log line. */
const secretName = /pass(word)?|secret|token|hash|authorization|cookie|api[-_]?key/i;
/** Secrets recognisable by their form inside any string: password hashes and JWTs. */
const secretText =
  /\$argon2(?:id|i|d)\$[^\s"']+|\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
/** Members of database errors that repeat the statement and its parameters. */
const statementMembers = new Set(['query', 'parameters', 'parameter', 'driverError', 'params']);

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(secretText, '[redacted]');
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) return safeError(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = secretName.test(key) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

/**
 * An error as a log line may show it: type, message, stack and the SQLSTATE of a database error,
 * never the failed statement's text or parameters (they carry password hashes, emails, tokens).
 */
export function safeError(error: unknown): unknown {
  if (!(error instanceof Error)) return redact(error, 0);
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const driver = (error as { driverError?: { code?: unknown } }).driverError;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(serialized)) if (!statementMembers.has(key)) out[key] = v;
  if (driver && typeof driver.code === 'string') out.sqlState = driver.code;
  return redact(out, 0);
}

/**
 * pino options that keep secrets out of every line: errors through `safeError`, and every logged
 * object walked for secret member names and secret-looking strings.
 */
export const redactingLoggerOptions: pino.LoggerOptions = {
  serializers: { err: safeError, error: safeError },
  formatters: { log: (object) => redact(object, 0) as Record<string, unknown> },
  hooks: {
    logMethod(args, method) {
      const safe = args.map((a: unknown) =>
        typeof a === 'string' ? a.replace(secretText, '[redacted]') : a,
      );
      return method.apply(this, safe as Parameters<typeof method>);
    },
  },
};
