import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { GlobalData } from '../../core/global/global-data.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { openCookieSettings } from '../consent/store.ts';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { PlainLink, useInternalLinkClicks } from '../navigation/internal-links.tsx';
import type { RootData } from '../root.tsx';
import { usePageLocation } from '../routing/page-location.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { lazyWhenNeeded } from '../ui/load-when-needed.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { FOOTER_ID } from './footer-id.ts';
import {
  externalLinks,
  FOOTER_COLUMNS,
  type FooterLink,
  LEGAL_LINKS,
  MONITORING_REL,
  MONITORING_SITES,
  popularCoinLinks,
  popularPairLinks,
  socialName,
} from './footer-links.ts';
import { ChevronIcon, ExternalIcon } from './NavIcon.tsx';
import { NEWSLETTER_ANCHOR } from './newsletter-machine.ts';
import { SocialIcon } from './SocialIcon.tsx';

/** The newsletter form: far below the fold, so its code (form, tooltip, reCAPTCHA loader) is not part of the first render. */
const Newsletter = lazyWhenNeeded(
  () => import('./Newsletter.tsx').then((module) => module.Newsletter),
  NEWSLETTER_ANCHOR,
);

const FOCUS = 'rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
/** Two columns of links from the desktop layout on. */
const TWO_COLUMNS = 'space-y-3 desk:grid desk:grid-cols-2 desk:gap-x-8 desk:space-y-0 desk:gap-y-3';
const LINK = 'footer-link';

function isGlobalData(value: unknown): value is GlobalData {
  const data = value as Partial<GlobalData> | null;
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray(data.popularCrypto) &&
    Array.isArray(data.popularPairs) &&
    Array.isArray(data.socialMedias)
  );
}

/**
 * The global data from the root loader; when the root loader failed (its error boundary renders
 * the shell), it is fetched in the browser. Null until then, and after a failure.
 */
function useGlobalData(fromRoot: GlobalData | undefined, lang: string): GlobalData | null {
  const [fetched, setFetched] = useState<GlobalData | null>(null);
  useEffect(() => {
    if (fromRoot) return;
    let active = true;
    api<unknown>('/apiglobal/global', { lang })
      .then((data) => {
        if (active && isGlobalData(data)) setFetched(data);
      })
      .catch(() => {
        // The popular sections and social icons are simply left out.
      });
    return () => {
      active = false;
    };
  }, [fromRoot, lang]);
  return fromRoot ?? fetched;
}

/**
 * A group of footer links under a heading. In the mobile layout (≤ 991 px) the heading is a button
 * that shows and hides the list, collapsed at first (by CSS, so the server render matches); on
 * desktop the heading is plain text and the list always shows.
 */
function FooterGroup({
  title,
  testId,
  className = '',
  children,
}: {
  title: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `${useId()}-panel`;
  return (
    <div className={className ? `footer-group ${className}` : 'footer-group'} data-testid={testId}>
      <h2 className="footer-heading">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
          className="footer-group-toggle desk:hidden"
        >
          {title}
          <ChevronIcon open={open} className="size-5" />
        </button>
        <span className="hidden desk:mb-4 desk:block">{title}</span>
      </h2>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} pb-5 desk:block desk:pb-0`}>
        {children}
      </div>
    </div>
  );
}

function InternalLinks({
  links,
  className = 'space-y-3',
}: {
  links: readonly FooterLink[];
  className?: string;
}) {
  const { t } = useTranslation();
  const { lang } = usePageLocation();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.path}>
          <PlainLink to={localizePath(lang, link.path)} className={LINK}>
            {t(link.labelKey)}
          </PlainLink>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2: the monitoring and rating sites, scrolling sideways; paused on hover or focus, still for reduced motion. */
function MonitoringStrip() {
  const { t } = useTranslation();
  // The copy that makes the loop seamless is added in the browser: the HTML carries the list once.
  // The strip is `relative` so that it also clips its links' visually hidden hints (absolutely
  // positioned), which the running animation's transform would otherwise contain.
  const [looped, setLooped] = useState(false);
  useEffect(() => setLooped(true), []);
  const items = '*:shrink-0 *:text-base *:font-semibold *:whitespace-nowrap';
  return (
    <div className="border-t border-white/15 py-6" data-testid="footer-monitoring">
      <h2 className="mx-auto mb-4 max-w-6xl px-4 text-xs font-semibold tracking-wide text-white/70 uppercase desk:px-6">
        {t('footer.monitoring.title')}
      </h2>
      <div className="group relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_4%,black_96%,transparent)] motion-reduce:mx-auto motion-reduce:max-w-6xl motion-reduce:px-4 motion-reduce:[mask-image:none] desk:motion-reduce:px-6">
        <div
          className={`flex w-max ${looped ? 'animate-[footer-marquee_60s_linear_infinite]' : ''} group-focus-within:[animation-play-state:paused] group-hover:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none`}
        >
          <ul
            className={`flex shrink-0 items-center gap-x-10 pr-10 motion-reduce:flex-wrap motion-reduce:gap-y-3 motion-reduce:pr-0 ${items}`}
          >
            {MONITORING_SITES.map((site) => (
              <li key={site.url}>
                <ExternalLink href={site.url} rel={MONITORING_REL} className={LINK}>
                  {site.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
          {/* The copy that makes the loop seamless: hidden from assistive technology and the Tab key. */}
          {looped && (
            <ul
              aria-hidden="true"
              className={`flex shrink-0 items-center gap-x-10 pr-10 motion-reduce:hidden ${items}`}
            >
              {MONITORING_SITES.map((site) => (
                <li key={site.url}>
                  <ExternalLink href={site.url} rel={MONITORING_REL} className={LINK} tabIndex={-1}>
                    {site.name}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

/** The site footer (SPEC §2 "Footer"). */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { lang } = usePageLocation();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const global = useGlobalData(root?.global, i18n.language);
  const coins = global ? popularCoinLinks(global) : [];
  const pairs = global ? popularPairLinks(global) : [];
  const socials = global?.socialMedias ?? [];
  const outward = root ? externalLinks(root.links) : [];
  const footer = useRef<HTMLElement>(null);
  useInternalLinkClicks(footer);

  return (
    <footer
      ref={footer}
      id={FOOTER_ID}
      className="mt-auto bg-ink text-sm text-white/80"
      data-testid="site-footer"
    >
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 desk:px-6 desk:pt-14">
        <div className="grid gap-8 desk:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] desk:items-start desk:gap-16">
          <div>
            <PlainLink to={localizePath(lang, '/')} className={`text-xl font-bold text-white ${FOCUS}`}>
              {t('site.name')}
            </PlainLink>
            <p className="mt-3 max-w-sm leading-relaxed">{t('site.tagline')}</p>
            {socials.length > 0 && (
              <div className="mt-6" data-testid="footer-social">
                <h2 className="footer-heading">{t('footer.social.title')}</h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {socials.map((social) => (
                    <li key={social.link}>
                      <ExternalLink href={social.link} className="footer-social-link">
                        <SocialIcon logo={social.logo} />
                        <span className="sr-only">
                          {t('footer.social.link', { network: socialName(social.logo) })}
                        </span>
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <Suspense fallback={null}>
            <Newsletter recaptcha={root?.recaptcha ?? null} />
          </Suspense>
        </div>

        <nav aria-label={t('footer.navLabel')} className="mt-10 border-t border-white/15 desk:pt-10">
          <div className="desk:grid desk:grid-cols-4 desk:gap-8">
            {FOOTER_COLUMNS.map((column) => (
              <FooterGroup key={column.id} title={t(column.titleKey)} testId="footer-column">
                <InternalLinks links={column.links} />
              </FooterGroup>
            ))}
          </div>

          {(coins.length > 0 || pairs.length > 0) && (
            <div className="desk:mt-10 desk:grid desk:grid-cols-[2fr_3fr] desk:gap-8 desk:border-t desk:border-white/15 desk:pt-10">
              {coins.length > 0 && (
                <FooterGroup title={t('footer.popularCoins')} testId="footer-popular-coins">
                  <ul className="grid grid-cols-2 gap-x-6 gap-y-3 *:min-w-0">
                    {coins.map((coin) => (
                      <li key={coin.path}>
                        <PlainLink to={localizePath(lang, coin.path)} className={`${LINK} footer-coin-link`}>
                          <span>{coin.name}</span>
                          <span>{coin.code}</span>
                        </PlainLink>
                      </li>
                    ))}
                  </ul>
                </FooterGroup>
              )}
              {pairs.length > 0 && (
                <FooterGroup title={t('footer.popularPairs')} testId="footer-popular-pairs">
                  <ul className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
                    {pairs.map((pair) => (
                      <li key={pair.path}>
                        <PlainLink to={localizePath(lang, pair.path)} className={LINK}>
                          {t('footer.pairName', { from: pair.from, to: pair.to })}
                        </PlainLink>
                      </li>
                    ))}
                  </ul>
                </FooterGroup>
              )}
            </div>
          )}

          <div className="desk:mt-10 desk:grid desk:grid-cols-2 desk:gap-8 desk:border-t desk:border-white/15 desk:pt-10">
            <FooterGroup title={t('footer.legal.title')} testId="footer-legal">
              <InternalLinks links={LEGAL_LINKS} className={TWO_COLUMNS} />
            </FooterGroup>
            {outward.length > 0 && (
              <FooterGroup title={t('footer.external.title')} testId="footer-external">
                <ul className={TWO_COLUMNS}>
                  {outward.map((link) => (
                    <li key={link.labelKey}>
                      <ExternalLink href={link.href} className={LINK}>
                        {t(link.labelKey)}
                        <ExternalIcon className="ml-1 inline size-3.5 align-[-2px]" />
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              </FooterGroup>
            )}
          </div>
        </nav>
      </div>

      <MonitoringStrip />

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 desk:flex-row desk:items-center desk:justify-between desk:px-6">
          <p>{t('site.copyright', { year: new Date().getUTCFullYear(), name: t('site.name') })}</p>
          <p>
            <Button
              color="secondary"
              size="sm"
              onClick={openCookieSettings}
              className="js-only"
              data-testid="footer-cookie-settings"
            >
              {t('consent.footerButton')}
            </Button>
            {/* Without JavaScript the page comes again with the banner's settings open. */}
            <noscript>
              <a
                href="?cookie-settings=1"
                className={buttonClass({ color: 'secondary', size: 'sm' })}
                data-testid="footer-cookie-settings-link"
              >
                {t('consent.footerButton')}
              </a>
            </noscript>
          </p>
        </div>
      </div>
    </footer>
  );
}
