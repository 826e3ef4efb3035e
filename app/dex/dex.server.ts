import type { LoaderFunctionArgs } from 'react-router';
import { type DexQuotesView, dexQuotesView } from '../../core/dex/contract.ts';
import { type DexNetworkId, parseUnits } from '../../core/dex/networks.ts';
import { rankTokens } from '../../core/dex/tokens.ts';
import { translate } from '../../core/i18n/translate.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

/** Tokens the pickers offer per network: the gas token, configured tokens, then the list's first. */
const TOKENS_SHOWN = 150;

export interface DexNetworkView {
  id: DexNetworkId;
  name: string;
  chainId: number;
  nativeSymbol: string;
  explorerName: string;
  explorerUrl: string;
  /** A route source quotes on it. */
  available: boolean;
  /** It runs on a local sandbox chain here (no explorer knows its transactions). */
  sandbox: boolean;
}

export interface DexTokenView {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  icon: string;
}

/** The form's GET without JavaScript (`?sell=…&buy=…&amount=…&slippage=…`) and the server's routes for it. */
export interface DexServerQuote {
  sell: string;
  buy: string;
  amount: string;
  slippage: string;
  quotes: DexQuotesView | null;
  problem: string | null;
}

/**
 * The quote form's GET (no wallet: routes without a transaction to sign), through the same core
 * service as GET /api/v1/dex/quotes; its refusal in the page's language. Null without an amount.
 */
async function serverQuote(
  args: LoaderFunctionArgs,
  network: DexNetworkId,
  tokens: readonly DexTokenView[],
): Promise<DexServerQuote | null> {
  const url = new URL(args.request.url);
  const amount = (url.searchParams.get('amount') ?? '').trim().replace(',', '.');
  if (!amount) return null;
  const state = args.context.get(requestStateContext);
  const { services } = state;
  const { lang } = resolvePage(args);
  const sell = tokens.find((token) => token.address === url.searchParams.get('sell')?.toLowerCase());
  const buy = tokens.find((token) => token.address === url.searchParams.get('buy')?.toLowerCase());
  if (!sell || !buy) return null;
  const slippage = (url.searchParams.get('slippage') ?? '0.5').trim().replace(',', '.');
  const form = { sell: sell.address, buy: buy.address, amount, slippage, quotes: null };
  const words = (key: string) => translate(services.dictionaries, lang, key);
  const sellAmount = /^\d+(\.\d+)?$/.test(amount) ? parseUnits(amount, sell.decimals) : null;
  if (!sellAmount || sellAmount <= 0n) return { ...form, problem: words('dex.amountInvalid') };
  const slippageBps = /^\d{1,2}(\.\d{1,2})?$/.test(slippage) ? Math.round(Number(slippage) * 100) : -1;
  if (slippageBps < 0 || slippageBps > 5_000) return { ...form, problem: words('dex.slippageInvalid') };
  // Live routes: this response is never stored.
  if (state.page) state.page.private = true;
  try {
    const result = await services.dex.quote({
      network,
      sellToken: sell.address,
      buyToken: buy.address,
      sellAmount,
      slippageBps,
    });
    const served = services.dex.networks().find((info) => info.network.id === result.network.id);
    return { ...form, quotes: dexQuotesView(result, served), problem: null };
  } catch (error) {
    // The services are the server's, made outside this build: a refusal is known by its name.
    if (!(error instanceof Error && error.name === 'DexQuoteError')) throw error;
    const code = (error as Error & { code: string }).code;
    const message = translate(services.dictionaries, lang, `apiErrors.${code}`);
    return { ...form, problem: message === `apiErrors.${code}` ? words('dex.quoteFailed') : message };
  }
}

/** /dex: the networks with their state, the chosen one (`?network=`) and its tokens. */
export async function loadDex(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { dex, catalogue } = args.context.get(requestStateContext).services;
  const infos = dex.networks();
  const requested = new URL(args.request.url).searchParams.get('network');
  const chosen =
    infos.find((info) => info.network.id === requested) ??
    infos.find((info) => info.sources.length > 0) ??
    (infos[0] as (typeof infos)[number]);
  const rank = new Map((await catalogue.coins()).map((coin) => [coin.code, coin.rank]));
  const tokens = rankTokens(await dex.tokenList(chosen.network), rank).slice(0, TOKENS_SHOWN);
  const tokenViews = tokens.map(
    ({ address, symbol, name, decimals, icon }): DexTokenView => ({ address, symbol, name, decimals, icon }),
  );
  return {
    ...page,
    networks: infos.map(
      (info): DexNetworkView => ({
        id: info.network.id,
        name: info.name,
        chainId: info.chainId,
        nativeSymbol: info.network.native.symbol,
        explorerName: info.network.explorer.name,
        explorerUrl: info.network.explorer.url,
        available: info.sources.length > 0,
        sandbox: info.sandbox,
      }),
    ),
    network: chosen.network.id,
    tokens: tokenViews,
    server: chosen.sources.length > 0 ? await serverQuote(args, chosen.network.id, tokenViews) : null,
  };
}
