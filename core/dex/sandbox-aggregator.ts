import {
  type Abi,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem';
import { type Hop, minimumOut, quotePath } from './amm.ts';
import { type DexNetwork, isNativeToken } from './networks.ts';
import { type SandboxChain, sandboxNetworkChainId } from './sandbox-file.ts';
import type { Address, DexQuoteRequest, DexRoute, DexRouteSource } from './types.ts';

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
]);
export const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline) returns (uint[] amounts)',
  'function swapExactETHForTokens(uint amountOutMin, address[] path, address to, uint deadline) payable returns (uint[] amounts)',
  'function swapExactTokensForETH(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline) returns (uint[] amounts)',
]);

/** Gas of a v2 swap when it cannot be estimated yet (before the approval): measured on the local chain. */
const GAS_FIRST_HOP = 110_000n;
const GAS_NEXT_HOP = 60_000n;
/** How long a sandbox swap transaction stays valid. */
const DEADLINE_SECONDS = 20 * 60;

/**
 * The sandbox aggregator: Uniswap v2 pools of the local chains in DEX_SANDBOX_FILE, quoted from
 * their reserves on chain (getReserves, x·y = k, 0.3 % fee); the best of the direct pool and the
 * paths through WETH or another listed token; sent through UniswapV2Router02.
 */
export class SandboxAggregator implements DexRouteSource {
  readonly id = 'sandbox';
  readonly name = 'Sandbox AMM';
  readonly #chains: Map<number, { chain: SandboxChain; client: PublicClient }>;

  constructor(chains: SandboxChain[]) {
    this.#chains = new Map(
      chains.map((chain) => [
        sandboxNetworkChainId(chain),
        {
          chain,
          client: createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient,
        },
      ]),
    );
  }

  supports(network: DexNetwork): boolean {
    return this.#chains.has(network.chainId);
  }

  async quote(request: DexQuoteRequest, signal: AbortSignal): Promise<DexRoute | null> {
    const entry = this.#chains.get(request.network.chainId);
    if (!entry) return null;
    const { chain, client } = entry;
    const sellNative = isNativeToken(request.sellToken.address);
    const buyNative = isNativeToken(request.buyToken.address);
    const from = (sellNative ? chain.weth : request.sellToken.address) as Address;
    const to = (buyNative ? chain.weth : request.buyToken.address) as Address;
    if (from === to) return null;

    const bases = [chain.weth, ...chain.tokens.map((token) => token.address)].filter(
      (base) => base !== from && base !== to,
    );
    const paths: Address[][] = [[from, to], ...bases.map((base) => [from, base, to] as Address[])];
    const hopsCache = new Map<string, Promise<Hop | null>>();
    const hop = (a: Address, b: Address) => {
      const key = `${a}:${b}`;
      let found = hopsCache.get(key);
      if (!found) {
        found = this.#hop(client, chain.factory, a, b);
        hopsCache.set(key, found);
      }
      return found;
    };
    const candidates = await Promise.all(
      paths.map(async (path) => {
        const hops: Hop[] = [];
        for (let i = 0; i + 1 < path.length; i++) {
          const found = await hop(path[i] as Address, path[i + 1] as Address);
          if (!found) return null;
          hops.push(found);
        }
        return { path, ...quotePath(request.sellAmount, hops) };
      }),
    );
    signal.throwIfAborted();
    const best = pickBestPath(candidates);
    if (!best) return null;

    const minBuyAmount = minimumOut(best.amountOut, request.slippageBps);
    const allowanceTarget = sellNative ? null : chain.router;
    let allowance: bigint | null = null;
    let transaction: DexRoute['transaction'] = null;
    let gas = GAS_FIRST_HOP + GAS_NEXT_HOP * BigInt(best.path.length - 2);
    if (request.taker) {
      const deadline = BigInt(Math.floor(Date.now() / 1000) + DEADLINE_SECONDS);
      const data = sellNative
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [minBuyAmount, best.path, request.taker, deadline],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: buyNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [request.sellAmount, minBuyAmount, best.path, request.taker, deadline],
          });
      transaction = { to: chain.router, data, value: sellNative ? request.sellAmount : 0n };
      if (!sellNative) {
        allowance = await client.readContract({
          address: from,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [request.taker, chain.router],
        });
      }
      if (allowance === null || allowance >= request.sellAmount) {
        // With the allowance in place the node can run the swap: its own measure of the gas.
        gas = await client
          .estimateGas({ account: request.taker, to: chain.router, data, value: transaction.value })
          .catch(() => gas);
      }
    }
    const gasPrice = await client.getGasPrice().catch(() => null);
    const symbol = (address: Address) =>
      address === chain.weth
        ? 'WETH'
        : (chain.tokens.find((token) => token.address === address)?.symbol ?? address);
    return {
      source: this.id,
      sourceName: this.name,
      sellAmount: request.sellAmount,
      buyAmount: best.amountOut,
      minBuyAmount,
      priceImpactBps: best.priceImpactBps,
      gas,
      gasPrice,
      steps: best.path.slice(1).map((token, index) => ({
        source: 'Uniswap V2',
        tokenIn: symbol(best.path[index] as Address),
        tokenOut: symbol(token),
        proportionBps: 10_000,
      })),
      allowanceTarget,
      allowance,
      transaction,
    };
  }

  async #hop(client: PublicClient, factory: Address, a: Address, b: Address): Promise<Hop | null> {
    const pair = (await client.readContract({
      address: factory,
      abi: factoryAbi as Abi,
      functionName: 'getPair',
      args: [a, b],
    })) as Address;
    if (pair === zeroAddress) return null;
    const [reserves, token0] = await Promise.all([
      client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
      client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    ]);
    const [reserve0, reserve1] = reserves;
    if (reserve0 === 0n || reserve1 === 0n) return null;
    return token0.toLowerCase() === a.toLowerCase()
      ? { reserveIn: reserve0, reserveOut: reserve1 }
      : { reserveIn: reserve1, reserveOut: reserve0 };
  }
}

/** The path paying the most; on a tie the shorter one (less gas). */
export function pickBestPath<T extends { path: readonly unknown[]; amountOut: bigint }>(
  candidates: readonly (T | null)[],
): T | null {
  let best: T | null = null;
  for (const candidate of candidates) {
    if (!candidate || candidate.amountOut <= 0n) continue;
    if (
      !best ||
      candidate.amountOut > best.amountOut ||
      (candidate.amountOut === best.amountOut && candidate.path.length < best.path.length)
    ) {
      best = candidate;
    }
  }
  return best;
}
