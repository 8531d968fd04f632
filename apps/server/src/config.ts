import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: `npm start -w` runs with cwd apps/server, so relative paths are anchored here. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const fromRepoRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: protocols }).optional());
const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

const envSchema = z.object({
  PORT: port(8080),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  MQTT_URL: optionalUrl(/^(mqtts?|wss?|tcp|tls)$/),
  MQTT_PORT: port(1884),
  REDIS_URL: optionalUrl(/^rediss?$/),
  PUBLIC_URL: optionalUrl(/^https?$/),
  NETFLEET_ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ pattern: z.regexes.html5Email, error: 'must be an e-mail address' }).optional(),
  ),
  NETFLEET_ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SMTP_URL: optionalUrl(/^smtps?$/),
  BRAND: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'must be a brand folder name')
      .default('default'),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().default('apps/web/dist')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  redisUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  brand: string;
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {}

/** Parses the environment once; the message names the first bad setting so the fix is obvious. */
export const loadConfig = (env: Record<string, string | undefined>): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}=${env[name] ?? ''}: ${issue?.message ?? ''}`);
  }
  const e = parsed.data;
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRepoRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/+$/, ''),
    adminEmail: e.NETFLEET_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.NETFLEET_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    brand: e.BRAND,
    webDist: fromRepoRoot(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
  };
};
