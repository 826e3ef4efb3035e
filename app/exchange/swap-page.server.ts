import QRCode from 'qrcode';
import { data, type LoaderFunctionArgs } from 'react-router';
import type { MemoKind } from '../../core/address/networks.ts';
import { networkTxHash } from '../../core/address/tx-hash.ts';
import { type CatalogueAsset, coinIconUrl } from '../../core/catalogue/catalogue.ts';
import { sameDeadline } from '../../core/exchange/decision-link.ts';
import type { Services } from '../../core/services.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import type { SwapView } from './types.ts';

/** One side of a swap as its page shows it. */
export interface SwapSide {
  code: string;
  name: string;
  icon: string;
  network: string;
  networkName: string;
  memoKind: MemoKind | null;
}

export interface SwapLinks {
  depositTx: string | null;
  payoutTx: string | null;
  payoutAddress: string | null;
}

export interface SwapPageData extends PageData {
  swap: SwapView;
  from: SwapSide;
  to: SwapSide;
  links: SwapLinks;
  /** The deposit address as a QR code, an SVG document. */
  qrSvg: string;
  /** True while the sandbox providers run: the page offers to simulate the deposit. */
  sandbox: boolean;
}

function fill(
  template: string | null | undefined,
  name: 'hash' | 'address',
  value: string | null,
): string | null {
  if (!template || !value) return null;
  return template.replaceAll(`{${name}}`, encodeURIComponent(value));
}

/** A provider's hash as the network's explorer takes it (a bare EVM hash gets its 0x). */
function txHash(asset: CatalogueAsset | null, hash: string | null | undefined): string | null {
  return hash ? networkTxHash(asset?.network.addressFormat ?? '', hash) : null;
}

function sideOf(swap: SwapView, which: 'from' | 'to', asset: CatalogueAsset | null): SwapSide {
  const code = which === 'from' ? swap.from : swap.to;
  const network = which === 'from' ? swap.fromNetwork : swap.toNetwork;
  return {
    code,
    name: asset?.coinName ?? code.toUpperCase(),
    icon: coinIconUrl(code),
    network,
    networkName: asset?.network.name ?? network,
    memoKind: asset?.network.memo?.kind ?? null,
  };
}

/** The swap page: resolves the page, finds the swap (404 'Swap not found'), its explorer links and QR code. */
export async function loadSwapPage(args: LoaderFunctionArgs): Promise<SwapPageData> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const found = await swapViewData(services, page.params.swapId ?? '');
  if (!found) throw data('Swap not found', { status: 404 });
  return { ...page, ...found };
}

/** What the mail's signed decision link finds: the choice open, or why not. */
export type DecisionLinkState = 'open' | 'closed' | 'expired' | 'invalid';

export interface SwapDecisionPageData extends PageData {
  state: DecisionLinkState;
  swap: SwapView;
  from: SwapSide;
  to: SwapSide;
  /** The token, for the forms' own address (they post to this page). */
  token: string;
  /** When an expired link's choice window closed. */
  deadline: string | null;
}

/**
 * /swap/{swapId}/decide?token=…: the page the "action needed" mail links to. An unknown swap is
 * 404; a token not signed for this swap is 403, one past its deadline 410, each with its message;
 * a valid link to a swap with nothing left to decide says so. Nothing here changes the swap.
 */
export async function loadSwapDecisionPage(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const id = page.params.swapId ?? '';
  const token = (new URL(args.request.url).searchParams.get('token') ?? '').slice(0, 200);
  const swap = await services.swaps.get(id);
  if (!swap) throw data('Swap not found', { status: 404 });
  const [fromAsset, toAsset] = await Promise.all([
    services.catalogue.asset(swap.from, swap.fromNetwork),
    services.catalogue.asset(swap.to, swap.toNetwork),
  ]);
  const check = services.swapMail.links.verify(swap.id, token);
  const state: DecisionLinkState = !check.ok
    ? check.reason
    : swap.status === 'action_needed' && !swap.decision && sameDeadline(check.deadline, swap.actionDeadline)
      ? 'open'
      : 'closed';
  const result: SwapDecisionPageData = {
    ...page,
    state,
    swap,
    from: sideOf(swap, 'from', fromAsset),
    to: sideOf(swap, 'to', toAsset),
    token,
    deadline: !check.ok && check.reason === 'expired' ? check.deadline.toISOString() : null,
  };
  const status = state === 'invalid' ? 403 : state === 'expired' ? 410 : 200;
  return data(result, { status });
}

/** What the swap's live view shows (the swap page and the widget): null for an unknown swap. */
export async function swapViewData(
  services: Services,
  id: string,
): Promise<Omit<SwapPageData, keyof PageData> | null> {
  const swap = await services.swaps.get(id);
  if (!swap) return null;
  const [fromAsset, toAsset, qrSvg] = await Promise.all([
    services.catalogue.asset(swap.from, swap.fromNetwork),
    services.catalogue.asset(swap.to, swap.toNetwork),
    QRCode.toString(swap.depositAddress, { type: 'svg', margin: 1 }),
  ]);
  const from = sideOf(swap, 'from', fromAsset);
  const to = sideOf(swap, 'to', toAsset);
  return {
    swap,
    from,
    to,
    links: {
      depositTx: fill(fromAsset?.network.explorerTx, 'hash', txHash(fromAsset, swap.depositHash)),
      payoutTx: fill(toAsset?.network.explorerTx, 'hash', txHash(toAsset, swap.payoutHash)),
      payoutAddress: fill(toAsset?.network.explorerAddress, 'address', swap.payoutAddress),
    },
    qrSvg,
    sandbox: services.sandbox,
  };
}
