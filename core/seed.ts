import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  coinNetworks,
  coins,
  countries,
  fiatCurrencies,
  networks,
  partners,
  pathRules,
  popularPairs,
  promoCodes,
  regions,
  socialLinks,
} from '../db/schema.ts';
import { MEMO_NAMES, NETWORKS } from './address/networks.ts';
import { coinsFileSchema, countriesFileSchema, fiatFileSchema } from './catalogue/catalogue-files.ts';
import { seedDexTokens } from './dex/tokens.ts';

function readCatalogue<T>(file: string, schema: { parse(value: unknown): T }): T {
  return schema.parse(
    JSON.parse(readFileSync(new URL(`../content/catalogue/${file}`, import.meta.url), 'utf8')),
  );
}

async function isEmpty(db: Database, table: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS present`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    present: boolean;
  }[];
  return !rows[0]?.present;
}

/** Inserts in chunks so one statement stays well under the parameter limit. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** The footer's popular pairs (SPEC §3), in rank order. */
const POPULAR_PAIRS: [from: string, to: string][] = [
  ['btc', 'eth'],
  ['eth', 'usdt'],
  ['btc', 'usdt'],
  ['usdt', 'trx'],
  ['sol', 'usdt'],
  ['xrp', 'btc'],
  ['eth', 'btc'],
  ['bnb', 'usdt'],
  ['doge', 'usdt'],
  ['ltc', 'btc'],
  ['ton', 'usdt'],
  ['usdc', 'eth'],
];

/** The footer's social links (SPEC §3); the network is also the icon name. */
const SOCIAL_LINKS: [network: string, link: string][] = [
  ['telegram', 'https://t.me/swapgate'],
  ['x', 'https://x.com/swapgate'],
  ['facebook', 'https://www.facebook.com/swapgate'],
  ['instagram', 'https://www.instagram.com/swapgate'],
  ['youtube', 'https://www.youtube.com/@swapgate'],
  ['reddit', 'https://www.reddit.com/r/swapgate'],
  ['linkedin', 'https://www.linkedin.com/company/swapgate'],
  ['medium', 'https://medium.com/@swapgate'],
  ['discord', 'https://discord.gg/swapgate'],
];

async function seedCatalogue(db: Database): Promise<void> {
  await insertAll(Object.values(NETWORKS), (chunk) =>
    db.insert(networks).values(
      chunk.map((network) => ({
        id: network.id,
        name: network.name,
        nativeCoin: network.nativeCoin,
        addressFormat: network.addressFormat,
        memoName: network.memo ? MEMO_NAMES[network.memo.kind] : null,
        memoRequired: network.memo?.required ?? false,
        memoFormat: network.memo?.format ?? null,
        confirmations: network.confirmations,
        explorerTx: network.explorer.tx,
        explorerAddress: network.explorer.address,
        decimals: network.decimals,
        networkFeeUsd: String(network.networkFeeUsd),
      })),
    ),
  );
  const coinList = readCatalogue('coins.json', coinsFileSchema);
  await insertAll(coinList, (chunk) =>
    db.insert(coins).values(
      chunk.map((coin) => ({
        code: coin.code,
        name: coin.name,
        rank: coinList.indexOf(coin) + 1,
        popular: coin.popular,
      })),
    ),
  );
  await insertAll(
    coinList.flatMap((coin) => coin.networks.map((network) => ({ coin: coin.code, ...network }))),
    (chunk) => db.insert(coinNetworks).values(chunk),
  );
  const fiat = readCatalogue('fiat.json', fiatFileSchema);
  await insertAll(fiat, (chunk) => db.insert(fiatCurrencies).values(chunk));
  const countryList = readCatalogue('countries.json', countriesFileSchema);
  await insertAll(countryList, (chunk) =>
    db
      .insert(countries)
      .values(chunk.map(({ code, name, slug, currency }) => ({ code, name, slug, currency }))),
  );
  await insertAll(
    countryList.flatMap((country) => country.regions.map((region) => ({ country: country.code, ...region }))),
    (chunk) => db.insert(regions).values(chunk),
  );
}

/**
 * Demo content for an empty database. Each part is seeded only while its table is empty, so a
 * restart never duplicates rows and never overwrites what an operator changed.
 */
export async function seedDemoData(db: Database): Promise<string[]> {
  const seeded: string[] = [];
  if (await isEmpty(db, 'path_rules')) {
    await db.insert(pathRules).values([
      // Short legacy addresses that old links and ads still use.
      { path: '/exchange', redirectTo: '/exchange-pairs' },
      { path: '/buy-crypto', redirectTo: '/buy' },
      { path: '/sell-crypto', redirectTo: '/sell' },
      { path: '/status', redirectTo: '/transaction-status' },
    ]);
    seeded.push('path_rules');
  }
  if (await isEmpty(db, 'networks')) {
    await seedCatalogue(db);
    seeded.push('catalogue');
  }
  // After the catalogue: the pairs refer to its coins.
  if (await isEmpty(db, 'popular_pairs')) {
    const known = new Set((await db.select({ code: coins.code }).from(coins)).map((row) => row.code));
    const pairs = POPULAR_PAIRS.filter(([from, to]) => known.has(from) && known.has(to));
    if (pairs.length > 0) {
      await db
        .insert(popularPairs)
        .values(pairs.map(([fromCoin, toCoin], index) => ({ fromCoin, toCoin, rank: index + 1 })));
      seeded.push('popular_pairs');
    }
  }
  if (await isEmpty(db, 'social_links')) {
    await db
      .insert(socialLinks)
      .values(SOCIAL_LINKS.map(([network, link], index) => ({ network, link, rank: index + 1 })));
    seeded.push('social_links');
  }
  if (await isEmpty(db, 'promo_codes')) {
    await db.insert(promoCodes).values([{ code: 'ZEROFEE' }]);
    seeded.push('promo_codes');
  }
  if (await isEmpty(db, 'dex_tokens')) {
    await seedDexTokens(db);
    seeded.push('dex_tokens');
  }
  if (await isEmpty(db, 'partners')) {
    await db.insert(partners).values([{ id: 'demo-partner', name: 'Demo partner' }]);
    seeded.push('partners');
  }
  return seeded;
}
