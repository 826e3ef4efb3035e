import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { navigationGroups } from '../shell/nav-items.ts';
import { SOCIAL_ICONS } from './Icon.tsx';

const sprite = readFileSync(join(import.meta.dirname, 'icons.svg'), 'utf8');
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));

describe('icon sprite', () => {
  it('draws every icon the interface names', () => {
    const named = [
      'chevron',
      'external',
      'cross',
      'burger',
      'check',
      'search',
      'eye',
      'eye-off',
      'social-link',
      ...SOCIAL_ICONS.map((name) => `social-${name}`),
      ...navigationGroups({ apiDocs: '/docs', press: '/press' }).flatMap((group) =>
        group.items.map((item) => `nav-${item.icon}`),
      ),
    ];
    for (const name of named) expect(symbols, name).toContain(name);
  });

  it('gives every symbol a 24 × 24 view box', () => {
    for (const [, attributes] of sprite.matchAll(/<symbol([^>]*)>/g)) {
      expect(attributes).toContain('viewBox="0 0 24 24"');
    }
  });
});
