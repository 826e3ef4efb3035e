import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../core/config.ts';
import { loadDictionaries } from '../core/i18n/dictionaries.ts';
import { PathRuleStore } from '../core/routing/path-rules.ts';
import type { Services } from '../core/services.ts';
import type { Database } from '../db/client.ts';

/** Reads the running build's id from builds/latest.json, written by the build (scripts/build-manifest.ts). */
export function readBuildId(clientDir: string): string {
  const file = join(clientDir, 'builds', 'latest.json');
  if (!existsSync(file)) return 'dev';
  return (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
}

export function createServices(options: {
  config: Config;
  db: Database;
  log: Logger;
  clientDir: string;
}): Services {
  const { config, db, log, clientDir } = options;
  return {
    config,
    db,
    log,
    dictionaries: loadDictionaries(),
    pathRules: new PathRuleStore({ db, log, ttlMs: config.PATH_RULES_TTL_MS }),
    buildId: readBuildId(clientDir),
  };
}
