import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DATA_SOURCES, type DataSource, type DataVersions } from '../core/data-versions.ts';
import type { Services } from '../core/services.ts';
import type { Database } from '../db/client.ts';
import { listen, notify } from '../db/notify.ts';

/** The PostgreSQL channel the nodes of one deployment announce their data changes on. */
export const DATA_CHANGES_CHANNEL = 'swapgate_data_changes';

/** What else a node keeps in memory that another node's change makes stale. */
export type ChangeTopic = DataSource | 'path-rules';

interface Message {
  node: string;
  topic: ChangeTopic;
}

export interface DataVersionSyncOptions {
  /** PostgreSQL's URL; without one (PGlite) the node is alone and nothing is started. */
  databaseUrl: string | undefined;
  db: Database;
  versions: DataVersions;
  /**
   * What this node re-reads when another node announces a change to a topic (its in-memory copies:
   * path rules, the catalogue, the footer's data). Their own change callbacks do not announce the
   * change back while this runs.
   */
  refresh: Partial<Record<ChangeTopic, () => unknown>>;
  log: Logger;
  /** First pause before listening again after the connection dropped (tests shorten it). */
  retryMs?: number;
}

/** What a node of this server re-reads when another node changes it. */
export function nodeRefreshers(
  services: Pick<Services, 'pathRules' | 'catalogue' | 'global'> & { market?: { reload(): Promise<void> } },
): DataVersionSyncOptions['refresh'] {
  return {
    // Prices another process stored (worker 1's price job under WEB_CONCURRENCY, or another node's).
    market: () => services.market?.reload(),
    'path-rules': () => services.pathRules.invalidate(),
    catalogue: () => services.catalogue.reload(),
    global: () => {
      services.global.invalidate();
      return services.global.get();
    },
  };
}

export interface DataVersionSync {
  /** Resolves once this node listens (at once where there is nothing to listen to). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps the HTML caches of every node in step: a data change here is announced with NOTIFY, and
 * the other nodes' announcements move this node's versions, so a page cached from older data is
 * rendered again within the time the message takes (milliseconds), not the cache's TTL. After the
 * listening connection comes back from an outage, every version moves, since messages were lost.
 */
export function startDataVersionSync(options: DataVersionSyncOptions): DataVersionSync {
  const { databaseUrl, db, versions, log } = options;
  if (!databaseUrl) return { ready: Promise.resolve(), close: async () => {} };
  const node = randomUUID();
  let failing = false;
  /** Topics being re-read because another node changed them: their change is not news to announce. */
  const refreshing = new Map<ChangeTopic, number>();

  const refresh = async (topic: ChangeTopic) => {
    const reread = options.refresh[topic];
    if (!reread) return;
    refreshing.set(topic, (refreshing.get(topic) ?? 0) + 1);
    try {
      await reread();
    } catch (error) {
      log.warn({ err: error, topic }, 'Could not re-read data another node changed');
    } finally {
      refreshing.set(topic, (refreshing.get(topic) ?? 1) - 1);
    }
  };

  versions.announce = (topic) => {
    if (refreshing.get(topic)) return;
    const message: Message = { node, topic };
    notify(db, DATA_CHANGES_CHANNEL, JSON.stringify(message)).then(
      () => {
        failing = false;
      },
      (error: unknown) => {
        // The other nodes then see the change through their TTLs, as before.
        if (!failing) log.warn({ err: error, topic }, 'Could not tell the other nodes of a data change');
        failing = true;
      },
    );
  };

  const listener = listen({
    url: databaseUrl,
    channel: DATA_CHANGES_CHANNEL,
    log,
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    onMessage(payload) {
      const message = parse(payload);
      if (!message || message.node === node) return;
      const { topic } = message;
      // Versions move once the copies are re-read: a page rendered meanwhile from the old copy is
      // then stale, rather than stored as current.
      void refresh(topic).then(() => {
        if (topic !== 'path-rules') versions.changedElsewhere(topic);
      });
    },
    onResync() {
      const topics = Object.keys(options.refresh) as ChangeTopic[];
      void Promise.all(topics.map(refresh)).then(() => versions.bumpAll());
    },
  });

  return {
    ready: listener.ready,
    async close() {
      versions.announce = undefined;
      await listener.close();
    },
  };
}

/** Tells every node that `topic` changed, from a process that is not a node (a CLI). */
export async function announceChange(db: Database, topic: ChangeTopic): Promise<void> {
  const message: Message = { node: 'cli', topic };
  await notify(db, DATA_CHANGES_CHANNEL, JSON.stringify(message));
}

const TOPICS = new Set<string>([...DATA_SOURCES, 'path-rules']);

function parse(payload: string): Message | null {
  try {
    const value = JSON.parse(payload) as Partial<Message>;
    if (typeof value.node !== 'string' || typeof value.topic !== 'string' || !TOPICS.has(value.topic)) {
      return null;
    }
    return { node: value.node, topic: value.topic };
  } catch {
    return null;
  }
}
