import type { LiquidityProvider, ProviderQuote } from '../../core/exchange/types.ts';

/**
 * A liquidity provider that answers no quote until `open()`: then it answers as `inner` does. Ignores
 * its signal, as a hanging upstream would. Stands in for providers too slow for a page to wait on.
 */
export function gatedProvider(
  inner: LiquidityProvider,
  id = `gated-${inner.id}`,
): LiquidityProvider & { open(): void; asked: number } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const provider = {
    id,
    name: `Gated ${inner.name}`,
    asked: 0,
    open: () => open(),
    quote: async (...args: Parameters<LiquidityProvider['quote']>): Promise<ProviderQuote> => {
      provider.asked++;
      await opened;
      const quote = await inner.quote(...args);
      return { ...quote, provider: id };
    },
    createSwap: inner.createSwap.bind(inner),
    getSwap: inner.getSwap.bind(inner),
  };
  return provider;
}
