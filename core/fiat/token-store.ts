import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { providerTokens } from '../../db/schema.ts';
import type { AccessTokenStore, SharedAccessToken } from './transak.ts';

/**
 * A provider's access token in `provider_tokens`, shared by every worker and node (docs/decisions/028):
 * a refresh takes the row's lock, and refreshes only when the stored token is still the one the
 * caller found wanting; otherwise it answers the token another process stored meanwhile.
 */
export class DatabaseTokenStore implements AccessTokenStore {
  readonly #db: Database;
  readonly #providerId: string;

  constructor(db: Database, providerId: string) {
    this.#db = db;
    this.#providerId = providerId;
  }

  async read(): Promise<SharedAccessToken | null> {
    const [row] = await this.#db
      .select()
      .from(providerTokens)
      .where(eq(providerTokens.providerId, this.#providerId));
    return shared(row);
  }

  async replace(
    wanting: string | null,
    fresh: (shared: SharedAccessToken | null) => boolean,
    issue: () => Promise<{ token: string; expiresAt: number }>,
  ): Promise<SharedAccessToken> {
    return this.#db.transaction(async (tx) => {
      await tx.insert(providerTokens).values({ providerId: this.#providerId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(providerTokens)
        .where(eq(providerTokens.providerId, this.#providerId))
        .for('update');
      const stored = shared(row);
      if (stored && stored.token !== wanting && fresh(stored)) return stored;
      const issued = await issue();
      const previous = stored?.token ?? null;
      await tx
        .update(providerTokens)
        .set({
          token: issued.token,
          expiresAt: new Date(issued.expiresAt * 1000),
          previousToken: previous,
          updatedAt: sql`now()`,
        })
        .where(eq(providerTokens.providerId, this.#providerId));
      return { ...issued, previous };
    });
  }
}

function shared(row: typeof providerTokens.$inferSelect | undefined): SharedAccessToken | null {
  if (!row?.token || !row.expiresAt) return null;
  return {
    token: row.token,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
    previous: row.previousToken,
  };
}
