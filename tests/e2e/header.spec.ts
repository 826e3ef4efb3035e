import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import { countDocumentLoads, translate, waitForHydration, wheelAndSettle } from './helpers.ts';

// A stored cookie preference keeps the consent banner (tested in consent.spec.ts) out of the way.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: '1:true_2:false_3:false_4:false', url: baseURL },
  ]);
});

const heightOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => element.getBoundingClientRect().height);

/** Records when each submenu's trigger changes `aria-expanded`, and when the pointer entered it. */
async function watchMenus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: { type: string; group: string; at: number }[] = [];
    (window as unknown as { __menuLog: typeof log }).__menuLog = log;
    for (const trigger of document.querySelectorAll<HTMLElement>('[data-menu-trigger]')) {
      const group = trigger.dataset.menuTrigger as string;
      trigger.parentElement?.addEventListener('pointerenter', () =>
        log.push({ type: 'enter', group, at: performance.now() }),
      );
      new MutationObserver(() =>
        log.push({
          type: trigger.getAttribute('aria-expanded') === 'true' ? 'open' : 'close',
          group,
          at: performance.now(),
        }),
      ).observe(trigger, { attributes: true, attributeFilter: ['aria-expanded'] });
    }
  });
}

async function menuLog(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __menuLog: { type: string; group: string; at: number }[] }).__menuLog,
  );
}

async function hover(page: Page, group: string) {
  const box = await page.locator(`[data-menu-trigger="${group}"]`).boundingBox();
  if (!box) throw new Error(`no trigger ${group}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
}

test.describe('header height (SPEC §2; breakpoint 992 px, where the burger gives way to the menus)', () => {
  for (const [width, height] of [
    [375, 56],
    [768, 56],
    [991, 56],
    [992, 64],
    [1280, 64],
  ] as const) {
    test(`${height} px at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/faq');
      expect(await heightOf(page, 'site-header')).toBe(height);
      await expect(page.getByTestId('burger')).toBeVisible({ visible: width <= 991 });
      await expect(page.getByTestId('desktop-nav')).toBeVisible({ visible: width > 991 });
    });
  }
});

test.describe('desktop menus at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hover opens after 200 ms, switching takes 150 ms, one open at a time over a blurred backdrop', async ({
    page,
  }) => {
    // The page's clock is ours: the delays are checked to the millisecond, however busy the machine.
    await page.clock.install();
    await page.goto('/faq');
    await waitForHydration(page);
    await watchMenus(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const backdrop = page.getByTestId('nav-backdrop');
    const personal = page.getByTestId('nav-menu-personal');
    const company = page.getByTestId('nav-menu-company');
    await expect(backdrop).toBeHidden();

    await hover(page, 'personal');
    await page.clock.runFor(199);
    await expect(personal).toBeHidden();
    await page.clock.runFor(1);
    await expect(personal).toBeVisible();
    await expect(backdrop).toBeVisible();
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backdropFilter)).toContain('blur');
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
      /[,/]\s*0\.\d+\)$/,
    );

    // With one open, the next opens after 150 ms, and only one is open at a time.
    await hover(page, 'company');
    await page.clock.runFor(149);
    await expect(company).toBeHidden();
    await page.clock.runFor(1);
    await expect(company).toBeVisible();
    await expect(personal).toBeHidden();
    const log = await menuLog(page);
    expect(log.filter((entry) => entry.type === 'open').map((entry) => entry.group)).toEqual([
      'personal',
      'company',
    ]);
    await page.clock.resume();

    // Leaving closes it; clicking the backdrop or pressing Escape does too.
    await page.mouse.move(640, 600);
    await expect(page.getByTestId('nav-menu-company')).toBeHidden();
    await expect(backdrop).toBeHidden();
  });

  test('click toggles a submenu; Escape and the backdrop close it; links lead where the spec says', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    const business = page.locator('[data-menu-trigger="business"]');
    await business.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('nav-menu-business');
    await expect(menu).toBeVisible();
    await expect(business).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(business).toBeFocused();

    await page.locator('[data-menu-trigger="support"]').click();
    await page.getByTestId('nav-backdrop').click({ position: { x: 900, y: 500 } });
    await expect(page.getByTestId('nav-menu-support')).toBeHidden();

    const hrefs = async (group: string) =>
      page
        .getByTestId(`nav-menu-${group}`)
        .locator('a')
        .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('target')]));
    expect(await hrefs('personal')).toEqual([
      ['/swap', null],
      ['/buy', null],
      ['/sell', null],
      ['/coin', null],
      ['/exchange-pairs', null],
      ['/customer-feedbacks', null],
    ]);
    expect(await hrefs('business')).toEqual([
      ['/for-partners', null],
      ['/api/v1/docs', '_blank'],
    ]);
    const company = await hrefs('company');
    expect(company.slice(0, 2)).toEqual([
      ['/about-us', null],
      ['/partners', null],
    ]);
    expect(company[2]?.[1]).toBe('_blank');
    expect(await hrefs('support')).toEqual([
      ['/transaction-status', null],
      ['/how-it-works', null],
      ['/contact', null],
      ['/faq', null],
    ]);
    for (const rel of await page
      .locator('header a[target="_blank"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).rel))) {
      expect(rel).toContain('noopener');
    }
    await expect(page.getByTestId('desktop-nav').getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'href',
      '/blog/',
    );

    // Choosing a link navigates client-side and closes the menu.
    const documents = countDocumentLoads(page);
    await page.locator('[data-menu-trigger="support"]').click();
    await page
      .getByTestId('nav-menu-support')
      .getByRole('link', { name: translate('en', 'nav.items.contact.title') })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId('nav-menu-support')).toBeHidden();
    expect(documents.count).toBe(0);
  });

  test('the account button leads to the account site registration in the page language', async ({ page }) => {
    await page.goto('/pl/faq');
    const account = page.getByTestId('site-header').getByTestId('account-button').first();
    await expect(account).toHaveText(translate('pl', 'nav.account'));
    await expect(account).toHaveAttribute('href', `${BASE_URL}/account/pl/registration`);
  });

  test('the logo reloads the home page, and navigates client-side elsewhere', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const documents = countDocumentLoads(page);
    await page.getByTestId('logo').click();
    await page.waitForLoadState('load');
    expect(documents.count).toBe(1);
  });

  test('the language drawer opens from the right and closes by Escape, overlay and close button', async ({
    page,
  }) => {
    await page.goto('/it/faq');
    await waitForHydration(page);
    const drawer = page.getByTestId('language-drawer');
    const open = async () => {
      await page.getByTestId('language-button').click();
      await expect(drawer).toHaveAttribute('data-state', 'open');
      await expect(drawer).toHaveAttribute('data-side', 'right');
    };
    await open();
    await expect(drawer.getByRole('heading')).toHaveText(translate('it', 'language.drawerTitle'));
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await open();
    await page.getByTestId('language-drawer-overlay').click({ position: { x: 100, y: 400 } });
    await expect(drawer).toHaveCount(0);
    await open();
    await drawer.locator('[data-part="close"]').click();
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('language-button')).toBeFocused();
  });
});

for (const width of [375, 768]) {
  test.describe(`burger menu at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('opens a full-screen panel with a single-open accordion, locks scrolling, closes on a link', async ({
      page,
    }) => {
      await page.goto('/de/faq');
      await waitForHydration(page);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const scrolled = await page.evaluate(() => window.scrollY);

      const burger = page.getByTestId('burger');
      await expect(burger).toHaveAccessibleName(translate('de', 'nav.openMenu'));
      await burger.click();
      const panel = page.getByTestId('mobile-menu');
      await expect(panel).toBeVisible();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await expect(burger).toHaveAccessibleName(translate('de', 'nav.closeMenu'));
      const box = await panel.boundingBox();
      expect(box?.y).toBe(56);
      expect(box?.width).toBe(width);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(800);

      // The page behind does not scroll, nor take focus.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('#main')?.inert)).toBe(true);
      await wheelAndSettle(page, 400);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      // One section at a time; a second press folds it away.
      const personal = panel.locator('[data-accordion="personal"]');
      const support = panel.locator('[data-accordion="support"]');
      await expect(personal).toHaveText(translate('de', 'nav.groups.personal'));
      await personal.click();
      await expect(personal).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByRole('link', { name: translate('de', 'nav.items.swap.title') })).toBeVisible();
      await support.click();
      await expect(personal).toHaveAttribute('aria-expanded', 'false');
      await expect(panel.getByRole('link', { name: translate('de', 'nav.items.swap.title') })).toBeHidden();
      await support.click();
      await expect(support).toHaveAttribute('aria-expanded', 'false');

      // The language switcher and the account button are in the panel.
      await expect(panel.getByTestId('mobile-language-button')).toBeVisible();
      await expect(panel.getByTestId('account-button')).toHaveAttribute(
        'href',
        /\/account\/de\/registration$/,
      );

      // Choosing a link closes the panel and unlocks the page.
      await support.click();
      await panel.getByRole('link', { name: translate('de', 'nav.items.contact.title') }).click();
      await expect(page).toHaveURL(/\/de\/contact$/);
      await expect(panel).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
        'hidden',
      );
    });

    test('the language drawer opens from the bottom over the panel and closes by Escape', async ({
      page,
    }) => {
      await page.goto('/faq');
      await waitForHydration(page);
      await page.getByTestId('burger').click();
      await page.getByTestId('mobile-language-button').click();
      const drawer = page.getByTestId('language-drawer');
      await expect(drawer).toHaveAttribute('data-state', 'open');
      await expect(drawer).toHaveAttribute('data-side', 'bottom');
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
      // The panel stays open under it; Escape again closes the panel.
      await expect(page.getByTestId('mobile-menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('mobile-menu')).toBeHidden();
      await expect(page.getByTestId('burger')).toBeFocused();
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('#main')?.inert)).toBe(false);
    });
  });
}

/** Serious or critical axe findings on the page as it is now. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

test('no serious accessibility problem with a submenu open (1280 px) or the burger panel open (375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/fr/faq');
  await waitForHydration(page);
  await page.locator('[data-menu-trigger="company"]').click();
  await expect(page.getByTestId('nav-menu-company')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/fr/faq');
  await waitForHydration(page);
  await page.getByTestId('burger').click();
  await page.locator('[data-accordion="support"]').click();
  expect(await blockingViolations(page)).toEqual([]);
});
