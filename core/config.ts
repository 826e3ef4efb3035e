import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** Every setting the product reads from the environment; nothing else reads process.env. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SPEC §4: 'true' turns maintenance on; any other value sends /maintenance to /; unset does nothing. */
  LANDING__MAINTENANCE_MODE: z.string().optional(),
  MAINTENANCE_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(600),
  /** Hosts an absolute path-rule redirect may point to (comma-separated). */
  REDIRECT_ALLOWED_HOSTS: csv,
  PATH_RULES_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Seed demo content into an empty database on start. */
  SEED_DEMO_DATA: booleanString.default(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export type Config = z.infer<typeof configSchema>;
export type MaintenanceMode = 'on' | 'off' | 'unset';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  return parsed.data;
}

export function maintenanceMode(config: Pick<Config, 'LANDING__MAINTENANCE_MODE'>): MaintenanceMode {
  const value = config.LANDING__MAINTENANCE_MODE;
  if (value === undefined) return 'unset';
  return value === 'true' ? 'on' : 'off';
}
