import { describe, expect, it } from 'vitest';
import { matchPage } from '../../core/routing/match.ts';
import { isBlogPath } from '../../core/routing/paths.ts';
import {
  coinPath,
  externalLinks,
  FOOTER_COLUMNS,
  LEGAL_LINKS,
  MONITORING_REL,
  MONITORING_SITES,
  pairPath,
  popularCoinLinks,
  popularPairLinks,
  socialName,
} from './footer-links.ts';
import type { SiteLinks } from './site-links.ts';

const columnPaths = FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.path));

describe('footer columns (SPEC §2 "Footer")', () => {
  it('has four columns', () => {
    expect(FOOTER_COLUMNS.map((column) => column.id)).toEqual(['exchange', 'coins', 'company', 'support']);
  });

  it('covers exactly the pages the spec lists, each once', () => {
    const expected = [
      '/swap',
      '/coin',
      '/coin/btc',
      '/exchange-pairs',
      '/exchange/btc-to-eth',
      '/fiat/pairs',
      '/compare',
      '/cross-chain/tokens',
      '/cross-chain',
      '/about-us',
      '/partners',
      '/customer-feedbacks',
      '/blog/',
      '/faq',
      '/how-it-works',
      '/contact',
      '/transaction-status',
      '/for-partners',
    ];
    expect([...columnPaths].sort()).toEqual([...expected].sort());
  });

  it.each([...columnPaths, ...LEGAL_LINKS.map((link) => link.path)])(
    '%s is a page of the site, written the way it is served',
    (path) => {
      expect(matchPage(path).status).toBe('ok');
      // SPEC §9: only blog paths keep (and get) a trailing slash; nothing is upper case.
      if (isBlogPath(path)) expect(path.endsWith('/')).toBe(true);
      else expect(path === '/' || !path.endsWith('/')).toBe(true);
      expect(path).toBe(path.toLowerCase());
    },
  );

  it('uses distinct label keys in the footer namespace', () => {
    const keys = [...FOOTER_COLUMNS.flatMap((c) => [c.titleKey, ...c.links.map((l) => l.labelKey)])];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^footer\./);
  });
});

describe('legal links', () => {
  it('are the five legal pages', () => {
    expect(LEGAL_LINKS.map((link) => link.path)).toEqual([
      '/privacy-policy',
      '/terms-of-use',
      '/terms-for-partners',
      '/cookie-policy',
      '/kyc-aml',
    ]);
  });
});

describe('external links', () => {
  const links: SiteLinks = {
    account: 'https://account.example',
    apiDocs: 'https://docs.example',
    press: 'https://press.example',
    pressKit: 'https://press.example/kit',
    bugBounty: 'https://bounty.example',
    promoArticle: 'https://blog.example/promo',
    telegramBot: 'https://t.me/example_bot',
    trustReview: 'https://reviews.example',
  };

  it('lists the seven outward links from config, with the account sitemap', () => {
    expect(externalLinks(links).map((link) => link.href)).toEqual([
      'https://docs.example',
      'https://t.me/example_bot',
      'https://blog.example/promo',
      'https://reviews.example',
      'https://press.example/kit',
      'https://bounty.example',
      'https://account.example/sitemap',
    ]);
  });

  it('leaves out a link that is not configured', () => {
    expect(externalLinks({ ...links, bugBounty: '' })).toHaveLength(6);
  });
});

describe('monitoring sites', () => {
  it('are 14 distinct sites with https home pages', () => {
    expect(MONITORING_SITES).toHaveLength(14);
    expect(new Set(MONITORING_SITES.map((site) => site.name)).size).toBe(14);
    expect(new Set(MONITORING_SITES.map((site) => new URL(site.url).hostname)).size).toBe(14);
    for (const site of MONITORING_SITES) {
      const url = new URL(site.url);
      expect(url.protocol).toBe('https:');
      expect(url.pathname).toBe('/');
    }
  });

  it('are marked not to be followed', () => {
    expect(MONITORING_REL.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'noopener', 'noreferrer']));
  });
});

describe('popular coins and pairs', () => {
  it('link coins to their page, showing the name and upper-case code', () => {
    expect(popularCoinLinks({ popularCrypto: [{ coinInfo: { name: 'Bitcoin', code: 'btc' } }] })).toEqual([
      { name: 'Bitcoin', code: 'BTC', path: '/coin/btc' },
    ]);
  });

  it('link pairs to /exchange/{from}-to-{to}', () => {
    expect(
      popularPairLinks({ popularPairs: [{ pairInfo: { from: { code: 'USDT' }, to: { code: 'trx' } } }] }),
    ).toEqual([{ from: 'USDT', to: 'TRX', path: '/exchange/usdt-to-trx' }]);
  });

  it('build paths the router matches', () => {
    expect(matchPage(coinPath('ETH')).status).toBe('ok');
    expect(matchPage(pairPath('sol', 'usdc')).status).toBe('ok');
  });
});

describe('socialName', () => {
  it('names known networks and capitalises others', () => {
    expect(socialName('youtube')).toBe('YouTube');
    expect(socialName('x')).toBe('X');
    expect(socialName('LinkedIn')).toBe('LinkedIn');
    expect(socialName('mastodon')).toBe('Mastodon');
  });
});
