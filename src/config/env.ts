import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === 'true'
    ? true
    : value === 'false'
      ? false
      : value === undefined || value === ''
        ? undefined
        : value;
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every setting of the service, read from environment variables and validated once at start-up. */
export class Env {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' =
    'development';
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT = 3000;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false })
  DATABASE_URL?: string;
  @IsString() DATA_DIR = './data';
  @Transform(toBool) @IsBoolean() MIGRATIONS_RUN = true;
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32) JWT_SECRET?: string;
  @Transform(toInt) @IsInt() @Min(60) @Max(86400) JWT_TTL_SECONDS = 900;
  @Transform(toInt) @IsInt() @Min(3600) REFRESH_TTL_SECONDS = 30 * 24 * 3600;
  @Transform(emptyToUndefined) @IsOptional() @IsString() BOOTSTRAP_ADMIN_EMAIL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(8) BOOTSTRAP_ADMIN_PASSWORD?: string;
  @IsString() BOOTSTRAP_WORKSPACE_NAME = 'Default';
  @Transform(toInt) @IsInt() @Min(1) LOGIN_RATE_LIMIT = 10;
  @Transform(toInt) @IsInt() @Min(1) LOGIN_RATE_WINDOW_SECONDS = 60;
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) PUBLIC_BASE_URL?: string;
  /** Default: `files` under DATA_DIR. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() STORAGE_DIR?: string;
  @Transform(toInt) @IsInt() @Min(0) UPLOAD_QUOTA_BYTES_PER_WORKSPACE = 1024 * 1024 * 1024;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) S3_ENDPOINT?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_BUCKET?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_REGION?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) KVK_API_URL?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() KVK_API_KEY?: string;
}

export class InvalidEnvironmentError extends Error {}

/** Validates `source` (default process.env); a wrong value throws with one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const known = Object.keys(new Env());
  const picked: Record<string, string | undefined> = {};
  for (const key of [
    ...known,
    'DATABASE_URL',
    'JWT_SECRET',
    'BOOTSTRAP_ADMIN_EMAIL',
    'BOOTSTRAP_ADMIN_PASSWORD',
    'PUBLIC_BASE_URL',
    'STORAGE_DIR',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'KVK_API_URL',
    'KVK_API_KEY',
  ]) {
    if (source[key] !== undefined) picked[key] = source[key];
  }
  const env = plainToInstance(Env, picked, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const first = errors[0];
    const reason = Object.values(first.constraints ?? {})[0] ?? 'is invalid';
    throw new InvalidEnvironmentError(
      `Invalid configuration: ${first.property} ${reason.replace(first.property + ' ', '')}`,
    );
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new InvalidEnvironmentError(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
  }
  return env;
}
