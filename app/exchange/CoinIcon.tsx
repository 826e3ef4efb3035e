import type { Coin } from './types.ts';

/** A coin's SVG icon over its initial, so a missing icon still leaves a readable badge. */
export function CoinIcon({ coin, size = 28 }: { coin: Pick<Coin, 'code' | 'icon'>; size?: number }) {
  return (
    <span
      aria-hidden="true"
      className="relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-xs font-bold text-brand-700"
      style={{ width: size, height: size }}
    >
      {coin.code.charAt(0).toUpperCase()}
      <img
        src={coin.icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 h-full w-full bg-surface"
        onError={(event) => {
          event.currentTarget.hidden = true;
        }}
      />
    </span>
  );
}
