import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { partners, widgetThemes } from '../../db/schema.ts';
import { PARTNER_ID_PATTERN, type WidgetTheme } from './config.ts';
import { validateWidgetTheme } from './theme.ts';

/** How long a partner's theme (or its absence) is trusted on a node after it was read. */
export const WIDGET_THEME_TTL_MS = 30_000;

/** A widget's partner: who its swaps earn for, and the white-label theme when it has one. */
export interface WidgetPartner {
  id: string;
  theme: WidgetTheme | null;
}

export class HostTakenError extends Error {
  readonly host: string;
  constructor(host: string) {
    super(`Host ${host} belongs to another partner`);
    this.host = host;
    this.name = 'HostTakenError';
  }
}

/** A stored theme read back: checked again, so a row edited by hand cannot reach the page unchecked. */
function storedTheme(row: { theme: Record<string, unknown>; host: string | null }): WidgetTheme | null {
  const check = validateWidgetTheme({ ...row.theme, host: row.host });
  return check.ok ? check.theme : null;
}

/**
 * The partners' white-label widget themes (`widget_themes`), read through a small cache: the
 * widget asks for a partner by its id (the `affiliate` query) or by the host the request came to.
 * Saving on one node is seen by others within WIDGET_THEME_TTL_MS.
 */
export class WidgetThemeStore {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #byId: LRUCache<string, { partner: WidgetPartner | null; at: number }>;
  readonly #byHost: LRUCache<string, { partnerId: string | null; at: number }>;

  constructor(db: Database, options: { ttlMs?: number } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? WIDGET_THEME_TTL_MS;
    this.#byId = new LRUCache({ max: 5_000 });
    this.#byHost = new LRUCache({ max: 5_000 });
  }

  /** The partner with this id and its theme; null for an unknown partner. */
  async partner(id: string): Promise<WidgetPartner | null> {
    if (!PARTNER_ID_PATTERN.test(id)) return null;
    const cached = this.#byId.get(id);
    if (cached && Date.now() - cached.at < this.#ttlMs) return cached.partner;
    const [row] = await this.#db
      .select({ id: partners.id, theme: widgetThemes.theme, host: widgetThemes.host })
      .from(partners)
      .leftJoin(widgetThemes, eq(widgetThemes.partnerId, partners.id))
      .where(eq(partners.id, id));
    const partner = row
      ? { id: row.id, theme: row.theme ? storedTheme({ theme: row.theme, host: row.host }) : null }
      : null;
    this.#byId.set(id, { partner, at: Date.now() });
    return partner;
  }

  /** The partner whose stored host this is (lowercase, without port); null for any other host. */
  async partnerForHost(hostHeader: string | null | undefined): Promise<WidgetPartner | null> {
    const host = (hostHeader ?? '').trim().toLowerCase().replace(/:\d+$/, '');
    if (!host || host.length > 253) return null;
    const cached = this.#byHost.get(host);
    let partnerId: string | null;
    if (cached && Date.now() - cached.at < this.#ttlMs) partnerId = cached.partnerId;
    else {
      const [row] = await this.#db
        .select({ partnerId: widgetThemes.partnerId })
        .from(widgetThemes)
        .where(eq(widgetThemes.host, host));
      partnerId = row?.partnerId ?? null;
      this.#byHost.set(host, { partnerId, at: Date.now() });
    }
    return partnerId ? this.partner(partnerId) : null;
  }

  /** The stored theme of a partner (the operator's view); undefined for an unknown partner. */
  async get(id: string): Promise<WidgetTheme | null | undefined> {
    this.#byId.delete(id);
    const partner = await this.partner(id);
    return partner ? partner.theme : undefined;
  }

  /**
   * Stores a checked theme for a partner (replacing its previous one). False for an unknown
   * partner; HostTakenError when another partner has the host.
   */
  async save(id: string, theme: WidgetTheme): Promise<boolean> {
    const [partner] = await this.#db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
    if (!partner) return false;
    if (theme.host) {
      const [owner] = await this.#db
        .select({ partnerId: widgetThemes.partnerId })
        .from(widgetThemes)
        .where(eq(widgetThemes.host, theme.host));
      if (owner && owner.partnerId !== id) throw new HostTakenError(theme.host);
    }
    const { host, ...rest } = theme;
    const values = { theme: rest as unknown as Record<string, unknown>, host, updatedAt: new Date() };
    await this.#db
      .insert(widgetThemes)
      .values({ partnerId: id, ...values })
      .onConflictDoUpdate({ target: widgetThemes.partnerId, set: values });
    this.#byId.clear();
    this.#byHost.clear();
    return true;
  }

  /** Removes a partner's theme; false when it had none. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.#db
      .delete(widgetThemes)
      .where(eq(widgetThemes.partnerId, id))
      .returning({ id: widgetThemes.partnerId });
    this.#byId.clear();
    this.#byHost.clear();
    return removed.length > 0;
  }
}
