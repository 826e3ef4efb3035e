import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GlobalData } from '../../core/global/global-data.ts';
import { loadDictionaries } from '../../core/i18n/dictionaries.ts';
import { createI18n } from '../i18n/i18n.ts';
import { I18nProvider } from '../i18n/react.tsx';
import type { RootData } from '../root.tsx';
import { Footer } from './Footer.tsx';
import { MONITORING_SITES } from './footer-links.ts';
import type { SiteLinks } from './site-links.ts';

/** Server renders of the footer: what the first paint holds before any script runs. */

const GLOBAL: GlobalData = {
  popularCrypto: [
    { coinInfo: { name: 'Bitcoin', code: 'btc' } },
    { coinInfo: { name: 'Ethereum', code: 'eth' } },
  ],
  popularPairs: [
    { pairInfo: { from: { code: 'btc' }, to: { code: 'eth' } } },
    { pairInfo: { from: { code: 'usdt' }, to: { code: 'trx' } } },
  ],
  socialMedias: [
    { link: 'https://t.me/example', logo: 'telegram' },
    { link: 'https://social.example/@x', logo: 'mastodon' },
  ],
};

const LINKS: SiteLinks = {
  account: 'https://account.example',
  apiDocs: 'https://docs.example',
  press: 'https://press.example',
  pressKit: 'https://press.example/kit',
  bugBounty: 'https://bounty.example',
  promoArticle: 'https://blog.example/promo',
  telegramBot: 'https://t.me/example_bot',
  trustReview: 'https://reviews.example',
};

const ROOT = {
  global: GLOBAL,
  links: LINKS,
  recaptcha: { siteKey: 'site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' },
} as Partial<RootData> as RootData;

const i18n = createI18n('en', { en: loadDictionaries().get('en') ?? {} });

async function render(pathname: string, root: RootData | null): Promise<string> {
  const routes = [
    root
      ? { id: 'root', path: '*', loader: () => root, Component: Footer }
      : { id: 'page', path: '*', Component: Footer },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  // As the server renders a page: everything, lazily loaded parts (the newsletter form) included.
  const { prelude } = await prerender(
    <I18nProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nProvider>,
  );
  return new Response(prelude).text();
}

/** The opening tags carrying an attribute value (enough for these assertions, no DOM needed). */
function tagsWith(html: string, attribute: string): string[] {
  return html.match(new RegExp(`<[a-z]+[^>]*${attribute}[^>]*>`, 'g')) ?? [];
}

function section(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  return html.slice(start);
}

describe('Footer (server render)', () => {
  it('renders the landmarks, the four columns and every group', async () => {
    const html = await render('/', ROOT);
    expect(html).toMatch(/^<footer[^>]*data-testid="site-footer"/);
    expect(tagsWith(html, 'data-testid="footer-column"')).toHaveLength(4);
    for (const id of [
      'footer-popular-coins',
      'footer-popular-pairs',
      'footer-social',
      'footer-legal',
      'footer-external',
      'footer-monitoring',
      'newsletter',
      'newsletter-email',
      'newsletter-submit',
      'footer-cookie-settings',
    ]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html).toContain('<nav aria-label=');
  });

  it('localises internal links with the page language', async () => {
    const html = await render('/nl/faq', ROOT);
    for (const path of ['/nl/swap', '/nl/coin/btc', '/nl/blog/', '/nl/exchange/usdt-to-trx', '/nl/kyc-aml']) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(html).not.toContain('href="/swap"');
  });

  it('starts every group collapsed for the mobile layout, shown on desktop by CSS', async () => {
    const html = await render('/', ROOT);
    const toggles = tagsWith(html, 'aria-expanded=');
    expect(toggles.length).toBe(8);
    for (const toggle of toggles) {
      expect(toggle).toContain('aria-expanded="false"');
      expect(toggle).toContain('desk:hidden');
      const panel = /aria-controls="([^"]+)"/.exec(toggle)?.[1];
      const panelTag = tagsWith(html, `id="${panel}"`)[0] ?? '';
      expect(panelTag).toMatch(/class="hidden [^"]*desk:block/);
    }
  });

  it('opens outward links in a new tab without opener', async () => {
    const html = section(await render('/', ROOT), 'footer-external');
    const external = tagsWith(html.slice(0, html.indexOf('footer-monitoring')), 'target="_blank"');
    expect(external.length).toBeGreaterThanOrEqual(7);
    expect(html).toContain('href="https://account.example/sitemap"');
    for (const tag of external) expect(tag).toContain('rel="noopener noreferrer"');
  });

  // The copy that makes the scrolling loop seamless is added in the browser (tests/e2e/footer.spec.ts).
  it('lists the monitoring sites once in the HTML, standing still until the loop copy is added', async () => {
    const html = section(await render('/', ROOT), 'footer-monitoring');
    const links = tagsWith(html, 'rel="nofollow noopener noreferrer"');
    expect(links).toHaveLength(MONITORING_SITES.length);
    for (const link of links) expect(link).toContain('target="_blank"');
    expect(links.filter((link) => link.includes('tabindex="-1"'))).toHaveLength(0);
    expect(html).not.toMatch(/<ul aria-hidden="true"/);
    expect(html).not.toContain('animate-[footer-marquee');
  });

  it('names social links and falls back to a generic icon', async () => {
    const html = section(await render('/', ROOT), 'footer-social');
    expect(html).toContain('data-icon="telegram"');
    expect(html).toContain('data-icon="link"');
    expect(html).toContain('href="https://t.me/example"');
  });

  it('does not load the human-check script with the page', async () => {
    const html = await render('/', ROOT);
    // (React's own inline script for its Suspense boundaries aside: no script is fetched.)
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('recaptcha/api.js');
    expect(html).toContain('data-testid="newsletter-recaptcha-notice"');
  });

  it('leaves the data sections out when the root data is missing', async () => {
    const html = await render('/', null);
    expect(tagsWith(html, 'data-testid="footer-column"')).toHaveLength(4);
    expect(html).toContain('data-testid="footer-legal"');
    expect(html).toContain('data-testid="newsletter"');
    expect(html).toContain('data-testid="footer-monitoring"');
    for (const id of ['footer-popular-coins', 'footer-popular-pairs', 'footer-social', 'footer-external']) {
      expect(html).not.toContain(`data-testid="${id}"`);
    }
    expect(html).not.toContain('newsletter-recaptcha-notice');
  });
});
