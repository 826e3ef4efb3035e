import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ICON_DIR = join(
  dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg',
  'color',
);
const cache = new Map<string, string>();

/** A round badge with the coin's initials, coloured from its code, for coins the icon set lacks. */
export function fallbackIcon(code: string): string {
  const hue = createHash('sha1').update(code).digest()[0] as number;
  const label = code.slice(0, 4).toUpperCase();
  const size = label.length > 3 ? 9 : 11;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${Math.round((hue / 255) * 360)} 55% 45%)"/><text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text></svg>`;
}

/** The SVG icon of a coin: from the cryptocurrency-icons package, else a generated badge. */
export function coinIcon(code: string): string | null {
  if (!/^[a-z0-9]{1,20}$/.test(code)) return null;
  let svg = cache.get(code);
  if (!svg) {
    const file = join(ICON_DIR, `${code}.svg`);
    svg = existsSync(file) ? readFileSync(file, 'utf8') : fallbackIcon(code);
    cache.set(code, svg);
  }
  return svg;
}
