import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { pathRules } from '../../db/schema.ts';
import {
  isRouteMiddlewareName,
  type RouteMiddlewareName,
  UnknownRouteMiddlewareError,
} from './middleware-names.ts';

export type MiddlewareSwitches = Partial<Record<RouteMiddlewareName, boolean>>;

export interface PathRule {
  path: string;
  redirectTo: string | null;
  redirectStatus: number;
  middlewares: MiddlewareSwitches;
}

export interface PathRuleInput {
  path: string;
  redirectTo?: string | null;
  redirectStatus?: 301 | 302 | 307 | 308;
  middlewares?: Record<string, boolean>;
}

export class InvalidPathRuleError extends Error {
  override name = 'InvalidPathRuleError';
}

/** Checks a rule before it is stored; an unregistered middleware name fails with its own error. */
export function validatePathRule(input: PathRuleInput): PathRule {
  if (!input.path.startsWith('/') || /[?#\s]/.test(input.path)) {
    throw new InvalidPathRuleError(`A rule path must be an absolute path without query: '${input.path}'`);
  }
  const target = input.redirectTo ?? null;
  if (target !== null && !target.startsWith('/') && !/^https?:\/\/[^/\s]+/i.test(target)) {
    throw new InvalidPathRuleError(`A redirect target must be a path or an http(s) URL: '${target}'`);
  }
  const middlewares: MiddlewareSwitches = {};
  for (const [name, enabled] of Object.entries(input.middlewares ?? {})) {
    if (!isRouteMiddlewareName(name)) throw new UnknownRouteMiddlewareError(name);
    middlewares[name] = enabled;
  }
  return { path: input.path, redirectTo: target, redirectStatus: input.redirectStatus ?? 301, middlewares };
}

export async function upsertPathRule(db: Database, input: PathRuleInput): Promise<PathRule> {
  const rule = validatePathRule(input);
  const values = { ...rule, updatedAt: new Date() };
  await db.insert(pathRules).values(values).onConflictDoUpdate({ target: pathRules.path, set: values });
  return rule;
}

export interface ResolvedRedirect {
  location: string;
  status: number;
  /** An absolute URL on another host: the browser leaves the app for it. */
  external: boolean;
}

/**
 * Turns a rule's target into a redirect. Relative targets stay on the site; absolute ones only go
 * to the site's own host or to hosts on the allow-list, so a rule can never become an open redirect.
 */
export function resolveRuleRedirect(
  rule: Pick<PathRule, 'redirectTo' | 'redirectStatus'>,
  options: { baseUrl: string; allowedHosts: readonly string[] },
): ResolvedRedirect | null {
  const target = rule.redirectTo;
  if (!target) return null;
  if (target.startsWith('/') && !target.startsWith('//')) {
    return { location: target, status: rule.redirectStatus, external: false };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const ownHost = new URL(options.baseUrl).hostname.toLowerCase();
  if (host !== ownHost && !options.allowedHosts.includes(host)) return null;
  return { location: url.toString(), status: rule.redirectStatus, external: host !== ownHost };
}

export interface PathRuleStoreOptions {
  db: Database;
  log: Logger;
  /** How long a loaded rule set is served before it is read again. */
  ttlMs: number;
  now?: () => number;
}

/**
 * All path rules, held in memory and re-read from the database at most once per TTL, so edits are
 * picked up without a restart. A failed load is logged and the previous rules stay in force.
 */
export class PathRuleStore {
  readonly #options: PathRuleStoreOptions;
  #rules = new Map<string, PathRule>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | null = null;

  constructor(options: PathRuleStoreOptions) {
    this.#options = options;
  }

  async get(path: string): Promise<PathRule | null> {
    await this.#refreshIfStale();
    return this.#rules.get(path) ?? null;
  }

  /** Forces the next lookup to read the database. */
  invalidate(): void {
    this.#loadedAt = Number.NEGATIVE_INFINITY;
  }

  async #refreshIfStale(): Promise<void> {
    const now = this.#options.now?.() ?? Date.now();
    if (now - this.#loadedAt < this.#options.ttlMs) return;
    this.#loading ??= this.#load(now).finally(() => {
      this.#loading = null;
    });
    await this.#loading;
  }

  async #load(now: number): Promise<void> {
    const { db, log } = this.#options;
    try {
      const rows = await db.select().from(pathRules);
      const rules = new Map<string, PathRule>();
      for (const row of rows) {
        try {
          rules.set(row.path, validatePathRule({ ...row, redirectStatus: row.redirectStatus as 301 }));
        } catch (error) {
          log.error({ path: row.path, err: error }, (error as Error).message);
        }
      }
      this.#rules = rules;
    } catch (error) {
      log.error({ err: error }, 'Path rules could not be loaded; keeping the previous rules');
    }
    this.#loadedAt = now;
  }
}
