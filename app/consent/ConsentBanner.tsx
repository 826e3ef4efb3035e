import { useEffect, useId, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import {
  ALL_ACCEPTED,
  ALL_DECLINED,
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type ConsentFlags,
} from '../../core/consent/consent.ts';
import { FORM_PATHS } from '../forms/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { currentConsent, onOpenCookieSettings, saveConsent } from './store.ts';

type View = 'hidden' | 'main' | 'settings';

/** The part of the root loader data the banner reads: whether the request carried a preference. */
interface RootConsentData {
  consentStored?: boolean;
  /** `?cookie-settings` asked for the settings (the footer's link without JavaScript). */
  cookieSettings?: boolean;
}

function CategorySwitch({
  category,
  checked,
  onChange,
}: {
  category: ConsentCategory;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locked = category === 1;
  return (
    <li className="flex items-start justify-between gap-4 border-b border-slate-200 py-4 last:border-b-0">
      <div>
        <p id={`${id}-label`} className="font-semibold text-ink">
          {t(`consent.categories.${category}.title`)}
        </p>
        <p id={`${id}-description`} className="mt-1 text-sm text-muted">
          {t(`consent.categories.${category}.description`)}
        </p>
        {locked && <p className="mt-1 text-xs font-semibold text-brand-700">{t('consent.alwaysOn')}</p>}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={locked}
        data-category={category}
        onClick={() => onChange(!checked)}
        className="relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 aria-checked:bg-brand-600"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </li>
  );
}

/** The page's query without the footer's `cookie-settings` request (the banner goes once chosen). */
function withoutSettings(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('cookie-settings');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Opens the settings view with the stored choice (all switchable categories off without one). */
function showSettings(setFlags: (flags: ConsentFlags) => void, setView: (view: View) => void): void {
  setFlags(currentConsent() ?? ALL_DECLINED);
  setView('settings');
}

/**
 * The cookie popup (SPEC §4): shown at the bottom while no preference cookie exists (decided on the
 * server from the request's cookies, so it is in the HTML), and the settings view with one switch
 * per category, reopened at any time by the footer's "Cookie settings" button.
 */
export function ConsentBanner({
  openSettingsAtStart = false,
}: {
  /** Loaded by the footer's "Cookie settings" button (ConsentHost.tsx): open on the settings view. */
  openSettingsAtStart?: boolean;
}) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as RootConsentData | undefined;
  const { pathname, search } = useLocation();
  const [view, setView] = useState<View>(
    root && (root.consentStored === false || root.cookieSettings) ? 'main' : 'hidden',
  );
  const [flags, setFlags] = useState<ConsentFlags>(ALL_DECLINED);
  const titleId = useId();

  const openSettings = () => showSettings(setFlags, setView);

  useEffect(() => onOpenCookieSettings(() => showSettings(setFlags, setView)), []);
  useEffect(() => {
    if (openSettingsAtStart) showSettings(setFlags, setView);
  }, [openSettingsAtStart]);

  const store = (chosen: ConsentFlags) => {
    saveConsent(chosen);
    setView('hidden');
  };

  return (
    <>
      {view === 'main' && (
        <section
          aria-labelledby={titleId}
          data-testid="cookie-banner"
          className="fixed inset-x-0 bottom-0 z-30 max-h-[90vh] overflow-y-auto border-t border-slate-200 bg-surface px-4 py-4 shadow-2xl"
        >
          {/* A plain form too (docs/decisions/015): a click before this code runs, or without
              JavaScript, posts the choice; the answer sets the cookie and comes back here. */}
          <form
            method="post"
            action={FORM_PATHS.consent}
            className="mx-auto flex max-w-6xl flex-col gap-4 md:flex-row md:items-center md:justify-between"
          >
            <input type="hidden" name="returnTo" value={`${pathname}${withoutSettings(search)}`} />
            <div className="max-w-3xl">
              <h2 id={titleId} className="font-semibold text-ink">
                {t('consent.title')}
              </h2>
              <p className="mt-1 text-sm text-muted">{t('consent.text')}</p>
              <noscript>
                <details open={root?.cookieSettings === true} className="mt-2 text-sm">
                  <summary className="cursor-pointer font-semibold text-brand-700">
                    {t('consent.settings')}
                  </summary>
                  <ul className="mt-2 grid gap-1">
                    {CONSENT_CATEGORIES.map((category) => (
                      <li key={category}>
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            name={`category${category}`}
                            defaultChecked={category === 1}
                            disabled={category === 1}
                          />
                          {t(`consent.categories.${category}.title`)}
                        </label>
                      </li>
                    ))}
                  </ul>
                  <button
                    type="submit"
                    name="choice"
                    value="save"
                    className={`${buttonClass({ color: 'secondary', size: 'sm' })} mt-2`}
                  >
                    {t('consent.save')}
                  </button>
                </details>
              </noscript>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button color="ghost" onClick={openSettings} className="js-only" data-testid="cookie-settings">
                {t('consent.settings')}
              </Button>
              <Button
                type="submit"
                name="choice"
                value="decline"
                color="primary"
                onClick={(event) => {
                  event.preventDefault();
                  store(ALL_DECLINED);
                }}
                data-testid="cookie-decline"
              >
                {t('consent.decline')}
              </Button>
              <Button
                type="submit"
                name="choice"
                value="accept-all"
                color="primary"
                onClick={(event) => {
                  event.preventDefault();
                  store(ALL_ACCEPTED);
                }}
                data-testid="cookie-accept-all"
              >
                {t('consent.acceptAll')}
              </Button>
            </div>
          </form>
        </section>
      )}
      <Drawer
        open={view === 'settings'}
        onClose={() => setView('main')}
        title={t('consent.settingsTitle')}
        description={t('consent.settingsText')}
        side="bottom"
        maxWidth={720}
        testId="cookie-settings-drawer"
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button color="ghost" onClick={() => setView('main')} data-testid="cookie-back">
              {t('consent.back')}
            </Button>
            <Button color="secondary" onClick={() => store(flags)} data-testid="cookie-save">
              {t('consent.save')}
            </Button>
            <Button color="primary" onClick={() => store(flags)} data-testid="cookie-accept">
              {t('consent.accept')}
            </Button>
          </div>
        }
      >
        <ul>
          {CONSENT_CATEGORIES.map((category) => (
            <CategorySwitch
              key={category}
              category={category}
              checked={category === 1 || flags[category]}
              onChange={(value) => setFlags((current) => ({ ...current, [category]: value }))}
            />
          ))}
        </ul>
      </Drawer>
    </>
  );
}
