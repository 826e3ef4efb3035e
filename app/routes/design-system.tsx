import showcase from 'virtual:english-section/ui.showcase';
import { type ReactNode, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { designSystemEnabled } from '../../core/config.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { addEnglishTexts } from '../i18n/english-sections.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { noRouteFound, type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Button } from '../ui/Button.tsx';
import { BUTTON_COLORS, BUTTON_SIZES } from '../ui/constants.ts';
import { Drawer, type DrawerCloseReason } from '../ui/Drawer.tsx';
import { Image } from '../ui/Image.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { Tooltip, TooltipButton } from '../ui/Tooltip.tsx';
import { ruleStatus } from './design-system-rules.ts';

// The showcase's English texts come with this page only.
addEnglishTexts({ ui: { showcase } });

/** The showcase is for development and tests: in production it does not exist (core/config.ts). */
export function loader(args: LoaderFunctionArgs): PageData {
  const { services } = args.context.get(requestStateContext);
  if (!designSystemEnabled(services.config)) noRouteFound(new URL(args.request.url));
  return resolvePage(args);
}

type DrawerName = 'right' | 'bottom' | 'required' | 'locked';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`ds-${id}`} className="mt-12" data-testid={`section-${id}`}>
      <h2 id={`ds-${id}`} className="mb-4 border-b border-slate-200 pb-2 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="flex flex-col gap-2">
      {children}
      <figcaption className="text-sm text-muted">{caption}</figcaption>
    </figure>
  );
}

/** The design system showcase: every app/ui component in its states, with stable test ids. */
export default function DesignSystem() {
  const { lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t('pages.design-system.title');

  return (
    <article data-page="design-system" data-testid="design-system">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.design-system.description')} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{t('ui.showcase.intro')}</p>

      <ButtonsSection lang={lang} />
      <InputsSection />
      <TooltipsSection />
      <DrawersSection />
      <ImagesSection />

      <Section id="loading-bar" title={t('ui.showcase.loadingBar')}>
        <p className="mb-4 text-muted">{t('ui.showcase.loadingBarText')}</p>
        <Button to={localizePath(lang, '/faq')} color="secondary" data-testid="slow-link">
          {t('ui.showcase.slowLink')}
        </Button>
      </Section>
    </article>
  );
}

/** Every color and size of button, and its disabled, loading and link forms. */
function ButtonsSection({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Section id="buttons" title={t('ui.showcase.buttons')}>
      <div className="flex flex-col gap-4">
        {BUTTON_COLORS.map((color) => (
          <div key={color} className="flex flex-wrap items-center gap-3">
            {BUTTON_SIZES.map((size) => (
              <Button key={size} color={color} size={size} data-testid={`button-${color}-${size}`}>
                {t(`ui.showcase.colors.${color}`)} · {t(`ui.showcase.sizes.${size}`)}
              </Button>
            ))}
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button data-testid="button-default">{t('ui.showcase.colors.primary')}</Button>
          <Button disabled data-testid="button-disabled">
            {t('ui.showcase.disabled')}
          </Button>
          <Button loading data-testid="button-loading">
            {t('ui.showcase.saving')}
          </Button>
          <Button to={localizePath(lang, '/faq')} color="secondary" data-testid="button-link">
            {t('ui.showcase.link')}
          </Button>
          <Button to={localizePath(lang, '/faq')} color="ghost" disabled data-testid="button-link-disabled">
            {t('ui.showcase.linkDisabled')}
          </Button>
        </div>
      </div>
    </Section>
  );
}

/** Text inputs: optional, with rules, search, refused with and without a message, disabled. */
function InputsSection() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <Section id="inputs" title={t('ui.showcase.inputs')}>
      <div className="grid max-w-3xl gap-6 md:grid-cols-2">
        <div data-testid="field-name">
          <TextInput
            label={t('ui.showcase.nameLabel')}
            optional
            description={t('ui.showcase.nameDescription')}
            placeholder={t('ui.showcase.namePlaceholder')}
            autoComplete="name"
            data-testid="input-name"
          />
        </div>
        <div data-testid="field-password">
          <TextInput
            type="password"
            label={t('ui.showcase.passwordLabel')}
            description={t('ui.showcase.passwordDescription')}
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            tags={[
              {
                id: 'length',
                label: t('ui.showcase.ruleLength'),
                status: ruleStatus(password, (value) => value.length >= 8),
              },
              {
                id: 'digit',
                label: t('ui.showcase.ruleDigit'),
                status: ruleStatus(password, (v) => /\d/.test(v)),
              },
              {
                id: 'letter',
                label: t('ui.showcase.ruleLetter'),
                status: ruleStatus(password, (value) => /\p{L}/u.test(value)),
              },
            ]}
            data-testid="input-password"
          />
        </div>
        <div data-testid="field-search">
          <TextInput
            type="search"
            label={t('ui.showcase.searchLabel')}
            placeholder={t('ui.showcase.searchPlaceholder')}
            defaultValue="BTC"
            data-testid="input-search"
          />
        </div>
        <div data-testid="field-error-boolean">
          <TextInput
            label={t('ui.showcase.addressLabel')}
            description={t('ui.showcase.addressDescription')}
            defaultValue="0x123"
            error
            data-testid="input-error-boolean"
          />
        </div>
        <div data-testid="field-error-message">
          <TextInput
            type="text"
            inputMode="email"
            label={t('ui.showcase.emailLabel')}
            description={t('ui.showcase.emailDescription')}
            defaultValue="satoshi@"
            error={{ status: 422, message: t('ui.showcase.emailError') }}
            data-testid="input-error-message"
          />
        </div>
        <div data-testid="field-disabled">
          <TextInput
            label={t('ui.showcase.disabled')}
            defaultValue="SwapGate"
            disabled
            data-testid="input-disabled"
          />
        </div>
      </div>
    </Section>
  );
}

/** The tooltip button, a default tooltip, and one portalled into its own container. */
function TooltipsSection() {
  const { t } = useTranslation();
  return (
    <Section id="tooltips" title={t('ui.showcase.tooltips')}>
      <div className="flex flex-wrap items-center gap-6">
        <span className="inline-flex items-center gap-2">
          {t('ui.showcase.tooltipButtonText')}
          <TooltipButton
            content={t('ui.showcase.tooltipButtonText')}
            testId="tooltip-button-trigger"
            tooltipTestId="tooltip-button"
          />
        </span>
        <Tooltip content={t('ui.showcase.tooltipDefaultText')} testId="tooltip-default">
          <Button color="secondary" size="sm" data-testid="tooltip-default-trigger">
            {t('ui.showcase.tooltipDefaultTrigger')}
          </Button>
        </Tooltip>
        <div id="ds-popover-root" className="relative rounded-lg border border-dashed border-slate-300 p-4">
          <Tooltip
            content={t('ui.showcase.tooltipContainerText')}
            container="#ds-popover-root"
            placement="bottom"
            testId="tooltip-container"
          >
            <Button color="ghost" size="sm" data-testid="tooltip-container-trigger">
              {t('ui.showcase.tooltipContainerTrigger')}
            </Button>
          </Tooltip>
        </div>
      </div>
    </Section>
  );
}

/** Drawers from the right and the bottom, one that requires an action and one that cannot be dismissed. */
function DrawersSection() {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState<DrawerName | null>(null);
  const [lastClose, setLastClose] = useState<DrawerCloseReason | 'action' | null>(null);
  const close = (reason: DrawerCloseReason | 'action') => {
    setLastClose(reason);
    setDrawer(null);
  };
  return (
    <Section id="drawers" title={t('ui.showcase.drawers')}>
      <div className="flex flex-wrap gap-3" data-testid="drawer-last-close" data-reason={lastClose ?? ''}>
        <Button onClick={() => setDrawer('right')} data-testid="open-drawer-right">
          {t('ui.showcase.openRight')}
        </Button>
        <Button color="secondary" onClick={() => setDrawer('bottom')} data-testid="open-drawer-bottom">
          {t('ui.showcase.openBottom')}
        </Button>
        <Button color="secondary" onClick={() => setDrawer('required')} data-testid="open-drawer-required">
          {t('ui.showcase.openRequired')}
        </Button>
        <Button color="ghost" onClick={() => setDrawer('locked')} data-testid="open-drawer-locked">
          {t('ui.showcase.openLocked')}
        </Button>
      </div>
      {(['right', 'bottom'] as const).map((side) => (
        <Drawer
          key={side}
          open={drawer === side}
          side={side}
          onClose={close}
          title={t('ui.showcase.drawerTitle')}
          description={t('ui.showcase.drawerText')}
          testId={`drawer-${side}`}
        >
          <TextInput
            label={t('ui.showcase.searchLabel')}
            type="search"
            data-testid={`drawer-${side}-input`}
          />
        </Drawer>
      ))}
      <Drawer
        open={drawer === 'required'}
        onClose={close}
        requiredActions
        title={t('ui.showcase.requiredTitle')}
        testId="drawer-required"
        footer={
          <Button block onClick={() => close('action')} data-testid="drawer-required-accept">
            {t('ui.showcase.accept')}
          </Button>
        }
      >
        <p>{t('ui.showcase.requiredText')}</p>
      </Drawer>
      <Drawer
        open={drawer === 'locked'}
        onClose={close}
        dismissible={false}
        side="bottom"
        title={t('ui.showcase.lockedTitle')}
        testId="drawer-locked"
        footer={
          <Button block color="secondary" onClick={() => close('action')} data-testid="drawer-locked-done">
            {t('ui.showcase.done')}
          </Button>
        }
      >
        <p>{t('ui.showcase.lockedText')}</p>
      </Drawer>
    </Section>
  );
}

/** Images: cover, contain, a coin, each placeholder, responsive, and a broken one. */
function ImagesSection() {
  const { t } = useTranslation();
  return (
    <Section id="images" title={t('ui.showcase.images')}>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Figure caption={t('ui.showcase.cover')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            width={300}
            height={158}
            priority
            testId="image-cover"
          />
        </Figure>
        <Figure caption={t('ui.showcase.contain')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            width={200}
            height={200}
            mode="contain"
            background="0f172a"
            testId="image-contain"
          />
        </Figure>
        <Figure caption={t('ui.showcase.coin')}>
          <Image
            src="/icons/coins/btc.svg"
            alt={t('ui.showcase.coinAlt')}
            width={64}
            height={64}
            mode="contain"
            placeholder="none"
            testId="image-coin"
          />
        </Figure>
        <Figure caption={t('ui.showcase.mainColor')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            width={300}
            height={158}
            placeholder="maincolor"
            focus="attention"
            testId="image-maincolor"
          />
        </Figure>
        <Figure caption={t('ui.showcase.meanColor')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            width={300}
            height={158}
            placeholder="meancolor"
            testId="image-meancolor"
          />
        </Figure>
        <Figure caption={t('ui.showcase.noPlaceholder')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            width={300}
            height={158}
            placeholder="none"
            testId="image-none"
          />
        </Figure>
        <Figure caption={t('ui.showcase.responsive')}>
          <Image
            src="/social-card.png"
            alt={t('ui.showcase.imageAlt')}
            ratio={1200 / 630}
            sizes="(max-width: 640px) 100vw, 400px"
            testId="image-responsive"
          />
        </Figure>
        <Figure caption={t('ui.showcase.broken')}>
          <Image
            src="/missing-image.png"
            alt={t('ui.showcase.imageAlt')}
            width={200}
            height={120}
            testId="image-error"
          />
        </Figure>
      </div>
    </Section>
  );
}
