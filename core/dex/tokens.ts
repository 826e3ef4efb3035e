import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { dexTokens } from '../../db/schema.ts';
import { DEX_NETWORKS, type DexNetwork, NATIVE_TOKEN, tokenIconPath } from './networks.ts';

export interface DexToken {
  chainId: number;
  /** Lower-case 0x address; NATIVE_TOKEN (lower-cased) for the gas token. */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  icon: string;
  native?: true;
  /** 'config': from DEX_TOKEN_LIST_FILE or a sandbox chain. */
  source?: 'list' | 'config';
}

/** The Uniswap token-list format (tokenlists.org), what the default list and DEX_TOKEN_LIST_FILE use. */
const tokenListSchema = z.object({
  tokens: z.array(
    z.object({
      chainId: z.number().int(),
      /** Checked per token below: the list also holds other chains' (non-EVM) tokens. */
      address: z.string(),
      symbol: z.string().min(1).max(20),
      name: z.string().min(1).max(80),
      decimals: z.number().int().min(0).max(36),
      logoURI: z.string().optional(),
    }),
  ),
});

type TokenRow = typeof dexTokens.$inferInsert;

const DEX_CHAIN_IDS = new Set(DEX_NETWORKS.map((network) => network.chainId));

function rows(list: z.infer<typeof tokenListSchema>, source: 'list' | 'config'): TokenRow[] {
  const rank = new Map<number, number>();
  const seen = new Set<string>();
  const out: TokenRow[] = [];
  for (const token of list.tokens) {
    if (!DEX_CHAIN_IDS.has(token.chainId) || !/^0x[0-9a-fA-F]{40}$/.test(token.address)) continue;
    const key = `${token.chainId}:${token.address.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const next = (rank.get(token.chainId) ?? 0) + 1;
    rank.set(token.chainId, next);
    out.push({
      chainId: token.chainId,
      address: token.address.toLowerCase(),
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      icon: tokenIconPath(token.symbol),
      logoUri: token.logoURI ?? null,
      source,
      rank: next,
    });
  }
  return out;
}

/** The Uniswap default token list (npm @uniswap/default-token-list), our five networks' tokens. */
export function defaultListTokens(): TokenRow[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('@uniswap/default-token-list/build/uniswap-default.tokenlist.json');
  return rows(tokenListSchema.parse(JSON.parse(readFileSync(path, 'utf8'))), 'list');
}

/** Tokens of a token-list file (DEX_TOKEN_LIST_FILE) or of the sandbox chains, as configuration rows. */
export function configTokens(list: unknown): TokenRow[] {
  return rows(tokenListSchema.parse(list), 'config');
}

/** Seeds the default list into an empty table. */
export async function seedDexTokens(db: Database): Promise<number> {
  const list = defaultListTokens();
  for (let i = 0; i < list.length; i += 500) await db.insert(dexTokens).values(list.slice(i, i + 500));
  return list.length;
}

/** Adds (or updates) the configured tokens; they are listed before the default list's. */
export async function upsertConfigTokens(db: Database, tokens: TokenRow[]): Promise<void> {
  for (const token of tokens) {
    await db
      .insert(dexTokens)
      .values(token)
      .onConflictDoUpdate({
        target: [dexTokens.chainId, dexTokens.address],
        set: {
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          icon: token.icon,
          source: 'config',
          rank: token.rank,
          enabled: true,
        },
      });
  }
}

/**
 * A network's tokens in the order they are offered: the gas token and configured tokens first,
 * then the list's tokens by their coin's rank in the catalogue (USDT, USDC, … before the long
 * tail), then in the list's order.
 */
export function rankTokens(tokens: readonly DexToken[], coinRank: ReadonlyMap<string, number>): DexToken[] {
  const first = tokens.filter((token) => token.native || token.source === 'config');
  const listed = tokens
    .filter((token) => !token.native && token.source !== 'config')
    .map((token, index) => ({
      token,
      index,
      rank: coinRank.get(token.symbol.toLowerCase()) ?? Number.MAX_SAFE_INTEGER,
    }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ token }) => token);
  return [...first, ...listed];
}

export function nativeToken(network: DexNetwork): DexToken {
  return {
    chainId: network.chainId,
    address: NATIVE_TOKEN.toLowerCase(),
    symbol: network.native.symbol,
    name: network.native.name,
    decimals: network.native.decimals,
    icon: tokenIconPath(network.native.symbol),
    native: true,
  };
}

/** The enabled tokens per chain, read once and kept in memory (the list changes with deployments). */
export class DexTokenStore {
  readonly #db: Database;
  #byChain = new Map<number, Promise<DexToken[]>>();

  constructor(db: Database) {
    this.#db = db;
  }

  /** The gas token first, then configured tokens, then the default list in its order. */
  list(network: DexNetwork): Promise<DexToken[]> {
    let tokens = this.#byChain.get(network.chainId);
    if (!tokens) {
      tokens = this.#load(network);
      this.#byChain.set(network.chainId, tokens);
      tokens.catch(() => this.#byChain.delete(network.chainId));
    }
    return tokens;
  }

  async find(network: DexNetwork, address: string): Promise<DexToken | undefined> {
    const wanted = address.toLowerCase();
    return (await this.list(network)).find((token) => token.address === wanted);
  }

  async #load(network: DexNetwork): Promise<DexToken[]> {
    const found = await this.#db
      .select()
      .from(dexTokens)
      .where(and(eq(dexTokens.chainId, network.chainId), eq(dexTokens.enabled, true)))
      .orderBy(sql`CASE WHEN ${dexTokens.source} = 'config' THEN 0 ELSE 1 END`, asc(dexTokens.rank));
    return [
      nativeToken(network),
      ...found.map(({ chainId, address, symbol, name, decimals, icon, source }) => ({
        chainId,
        address,
        symbol,
        name,
        decimals,
        icon,
        source,
      })),
    ];
  }
}
