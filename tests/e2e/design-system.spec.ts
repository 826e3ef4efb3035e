import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { afterTwoFrames, translate, waitForHydration, wheelAndSettle } from './helpers.ts';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };
const ui = (key: string) => translate('en', `ui.${key}`);

declare global {
  interface Window {
    /** Times (performance.now) recorded by the timing probes below. */
    __probe?: Record<string, number>;
  }
}

async function openShowcase(page: Page): Promise<void> {
  await page.goto('/design-system');
  await waitForHydration(page);
}

/**
 * Records in the page when the pointer enters and leaves a tooltip trigger and when its tooltip
 * opens and closes, so delays are measured without the test runner's latency.
 */
async function probeTooltip(page: Page, triggerTestId: string, tooltipTestId: string): Promise<void> {
  await page.evaluate(
    ([triggerId, tooltipId]) => {
      const probe: Record<string, number> = {};
      window.__probe = probe;
      const wrapper = document
        .querySelector(`[data-testid="${triggerId}"]`)
        ?.closest('[data-tooltip-trigger]');
      wrapper?.addEventListener('pointerenter', () => {
        probe.enter ??= performance.now();
      });
      wrapper?.addEventListener('pointerleave', () => {
        probe.leave ??= performance.now();
      });
      const check = () => {
        const state = document.querySelector(`[data-testid="${tooltipId}"]`)?.getAttribute('data-state');
        if (state === 'open') probe.open ??= performance.now();
        if (probe.open !== undefined && state !== 'open') probe.close ??= performance.now();
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    },
    [triggerTestId, tooltipTestId],
  );
}

const probe = (page: Page) => page.evaluate(() => window.__probe ?? {});

/** The drawer's dialog once it has slid in. */
async function openDrawer(page: Page, name: string): Promise<Locator> {
  await page.getByTestId(`open-drawer-${name}`).click();
  const drawer = page.getByTestId(`drawer-${name}`);
  await expect(drawer).toHaveAttribute('data-state', 'open');
  const dialog = drawer.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The 0.5 s slide-in has finished.
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  return dialog;
}

async function expectClosed(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId(`drawer-${name}`)).toHaveCount(0);
}

/** Whether the drawer's panel rests in place (neither dragged nor on its way in or out). */
async function expectInPlace(dialog: Locator): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
}

/**
 * A mouse drag along `ys` (at `x`), whose events carry the time stamps the test gives them (one move
 * every `stepMs`, the release `holdMs` after the last): the page reads a drag's speed from its
 * events' time stamps, so the drag is exactly as fast as said, however busy the machine.
 */
async function timedDrag(page: Page, x: number, ys: number[], stepMs: number, holdMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const at = (ms: number) => start + ms / 1000;
  const send = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', y: number, ms: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: 'left',
      buttons: type === 'mouseReleased' ? 0 : 1,
      clickCount: type === 'mouseMoved' ? 0 : 1,
      timestamp: at(ms),
    });
  const [first, ...rest] = ys;
  await send('mousePressed', first as number, 0);
  for (const [index, y] of rest.entries()) await send('mouseMoved', y, (index + 1) * stepMs);
  await send('mouseReleased', ys.at(-1) as number, rest.length * stepMs + holdMs);
  await cdp.detach();
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');

for (const viewport of [WIDE, NARROW]) {
  const narrow = viewport.width <= 991;

  test.describe(`design system at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the showcase renders, is not indexed and has every section', async ({ page }) => {
      const response = await page.goto('/design-system');
      expect(response?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        translate('en', 'pages.design-system.title'),
      );
      for (const section of ['buttons', 'inputs', 'tooltips', 'drawers', 'images', 'loading-bar']) {
        await expect(page.getByTestId(`section-${section}`)).toBeVisible();
      }
      // Another language serves the same page.
      expect((await page.request.get('/de/design-system')).status()).toBe(200);
    });

    test('has no automatically detectable accessibility problems, drawer open or not', async ({ page }) => {
      await openShowcase(page);
      const scan = () =>
        new AxeBuilder({ page }).include('[data-testid="design-system"]').include('[data-drawer]');
      const closed = await scan().analyze();
      expect(closed.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
      await openDrawer(page, 'right');
      const open = await scan().analyze();
      expect(open.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
    });

    test('buttons: colours, sizes, disabled, loading and links', async ({ page }) => {
      await openShowcase(page);
      await expect(page.getByTestId('button-default')).toHaveAttribute('data-color', 'primary');
      await expect(page.getByTestId('button-default')).toHaveAttribute('data-size', 'md');
      await expect(page.getByTestId('button-danger-lg')).toHaveAttribute('data-color', 'danger');
      await expect(page.getByTestId('button-disabled')).toBeDisabled();
      const loading = page.getByTestId('button-loading');
      await expect(loading).toHaveAttribute('aria-busy', 'true');
      await expect(loading).toContainText(ui('button.loading'));
      await expect(page.getByTestId('button-link')).toHaveAttribute('href', '/faq');
      await expect(page.getByTestId('button-link-disabled')).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('button-link-disabled')).not.toHaveAttribute('href', /.*/);
    });

    test('text input: clear button, password toggle, search as text, error over description', async ({
      page,
    }) => {
      await openShowcase(page);

      // Clear: shown only with a value; empties and refocuses the field.
      const name = page.getByTestId('field-name');
      const nameInput = page.getByTestId('input-name');
      const clear = name.getByRole('button', { name: ui('textInput.clear') });
      await expect(clear).toHaveCount(0);
      await expect(name).toContainText(ui('textInput.optional'));
      await nameInput.fill('Alice');
      await expect(clear).toBeVisible();
      await clear.click();
      await expect(nameInput).toHaveValue('');
      await expect(nameInput).toBeFocused();
      await expect(clear).toHaveCount(0);

      // Password: hidden, shown, hidden again; the rules follow the value.
      const password = page.getByTestId('input-password');
      const field = page.getByTestId('field-password');
      await expect(password).toHaveAttribute('type', 'password');
      await password.fill('abc');
      await field.getByRole('button', { name: ui('textInput.showPassword') }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await field.getByRole('button', { name: ui('textInput.hidePassword') }).click();
      await expect(password).toHaveAttribute('type', 'password');
      const tags = field.locator('[data-part="tags"] li');
      await expect(tags).toHaveCount(3);
      await expect(tags.nth(0)).toHaveAttribute('data-status', 'error');
      await expect(tags.nth(1)).toHaveAttribute('data-status', 'error');
      await expect(tags.nth(2)).toHaveAttribute('data-status', 'success');
      await password.fill('abcdefg1');
      await expect(tags.nth(0)).toHaveAttribute('data-status', 'success');
      await expect(tags.nth(1)).toHaveAttribute('data-status', 'success');
      const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
      expect(describedBy.split(' ')).toHaveLength(2);

      // Search displays as text, with a clear button for its value.
      const search = page.getByTestId('input-search');
      await expect(search).toHaveAttribute('type', 'text');
      await expect(search).toHaveAttribute('role', 'searchbox');
      await page
        .getByTestId('field-search')
        .getByRole('button', { name: ui('textInput.clear') })
        .click();
      await expect(search).toHaveValue('');

      // A boolean error keeps the description; an error with a message replaces it.
      const flagged = page.getByTestId('input-error-boolean');
      await expect(flagged).toHaveAttribute('aria-invalid', 'true');
      await expect(flagged).toHaveAccessibleDescription(ui('showcase.addressDescription'));
      const wrong = page.getByTestId('input-error-message');
      await expect(wrong).toHaveAttribute('aria-invalid', 'true');
      await expect(wrong).toHaveAccessibleDescription(ui('showcase.emailError'));
      const wrongField = page.getByTestId('field-error-message');
      await expect(wrongField).toContainText(ui('showcase.emailError'));
      await expect(wrongField).not.toContainText(ui('showcase.emailDescription'));
      await expect(wrongField.locator('[data-part="error"]')).toHaveAttribute('data-status', '422');
      await expect(page.getByTestId('input-name')).not.toHaveAttribute('aria-invalid', /.*/);
    });

    test(`the drawer opens from the ${narrow ? 'bottom' : 'right'}, traps focus, locks scrolling`, async ({
      page,
    }) => {
      await openShowcase(page);
      await page.evaluate(() => window.scrollTo(0, 200));
      const opener = page.getByTestId('open-drawer-right');
      const dialog = await openDrawer(page, 'right');
      await expect(page.getByTestId('drawer-right')).toHaveAttribute(
        'data-side',
        narrow ? 'bottom' : 'right',
      );
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      await expect(dialog).toHaveAccessibleName(ui('showcase.drawerTitle'));
      const box = await dialog.boundingBox();
      if (!box) throw new Error('no drawer box');
      if (narrow) {
        expect(Math.round(box.y + box.height)).toBe(viewport.height);
        expect(Math.round(box.width)).toBe(viewport.width);
      } else {
        expect(Math.round(box.x + box.width)).toBe(viewport.width);
        expect(Math.round(box.width)).toBe(430);
        expect(Math.round(box.height)).toBe(viewport.height);
      }

      // Focus moved in and stays in.
      await expect(dialog.getByRole('button', { name: ui('drawer.close') })).toBeFocused();
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }

      // The page behind does not scroll.
      expect(await scrollLocked(page)).toBe(true);
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.move(viewport.width / 2, 40);
      await wheelAndSettle(page, 600);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);

      // Escape closes it; focus returns to the opener and the page scrolls again.
      await page.keyboard.press('Escape');
      await expectClosed(page, 'right');
      await expect(page.getByTestId('drawer-last-close')).toHaveAttribute('data-reason', 'escape');
      await expect(opener).toBeFocused();
      expect(await scrollLocked(page)).toBe(false);
    });

    test('a press on the overlay dismisses the drawer', async ({ page }) => {
      await openShowcase(page);
      await openDrawer(page, 'bottom');
      await page.getByTestId('drawer-bottom-overlay').click({ position: { x: 10, y: 10 } });
      await expectClosed(page, 'bottom');
      await expect(page.getByTestId('drawer-last-close')).toHaveAttribute('data-reason', 'overlay');
    });

    test('a drawer with required actions or not dismissible stays open', async ({ page }) => {
      await openShowcase(page);
      for (const [name, action] of [
        ['required', 'drawer-required-accept'],
        ['locked', 'drawer-locked-done'],
      ] as const) {
        const dialog = await openDrawer(page, name);
        await expect(dialog.getByRole('button', { name: ui('drawer.close') })).toHaveCount(0);
        const lastClose = await page.getByTestId('drawer-last-close').getAttribute('data-reason');
        await page.keyboard.press('Escape');
        await page.getByTestId(`drawer-${name}-overlay`).click({ position: { x: 10, y: 10 } });
        // Both presses have been handled, and a close they asked for rendered: the drawer would be
        // closing, and the showcase would show the reason.
        await afterTwoFrames(page);
        await expect(page.getByTestId(`drawer-${name}`)).toHaveAttribute('data-state', 'open');
        await expect(page.getByTestId('drawer-last-close')).toHaveAttribute('data-reason', lastClose ?? '');
        await expectInPlace(dialog);
        await page.getByTestId(action).click();
        await expectClosed(page, name);
        await expect(page.getByTestId('drawer-last-close')).toHaveAttribute('data-reason', 'action');
      }
    });

    test('images reach done with 1x and 2x variants; a missing one reaches error', async ({ page }) => {
      await openShowcase(page);
      const cover = page.getByTestId('image-cover');
      await expect(cover).toHaveAttribute('data-state', 'done');
      const img = cover.locator('img');
      const srcset = (await img.getAttribute('srcset')) ?? '';
      const entries = srcset.split(', ');
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatch(/^\/img\?src=%2Fsocial-card\.png&w=300&h=158&fit=cover&f=webp 1x$/);
      expect(entries[1]).toMatch(/^\/img\?src=%2Fsocial-card\.png&w=600&h=316&fit=cover&f=webp 2x$/);
      expect(await img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      await expect(img).toHaveCSS('opacity', '1');
      // The blurred preview goes once the image has faded in.
      await expect(cover.locator('[data-part="placeholder"]')).toHaveCount(0);

      for (const id of [
        'image-contain',
        'image-coin',
        'image-maincolor',
        'image-meancolor',
        'image-responsive',
      ]) {
        const image = page.getByTestId(id);
        await image.scrollIntoViewIfNeeded();
        await expect(image, id).toHaveAttribute('data-state', 'done');
      }
      const broken = page.getByTestId('image-error');
      await broken.scrollIntoViewIfNeeded();
      await expect(broken).toHaveAttribute('data-state', 'error');
      await expect(broken).toContainText(ui('image.error'));
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: NARROW });

  test('dragging the bottom sheet past half its height closes it; a short drag does not', async ({
    page,
  }) => {
    await openShowcase(page);
    const dialog = await openDrawer(page, 'bottom');
    const handle = dialog.locator('[data-part="handle"]');
    const box = await handle.boundingBox();
    const panel = await dialog.boundingBox();
    if (!box || !panel) throw new Error('no drawer box');
    const x = box.x + 20;
    const y = box.y + 8;

    // A slow, short drag (30 px over 300 ms, held 150 ms before the release): back into place.
    await timedDrag(
      page,
      x,
      Array.from({ length: 11 }, (_, step) => y + step * 3),
      30,
      150,
    );
    // Back in place is the end of the slide back; a close would slide the panel out instead.
    await expectInPlace(dialog);
    await expect(page.getByTestId('drawer-bottom')).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('drawer-last-close')).not.toHaveAttribute('data-reason', 'drag');

    // Past half its height: closed.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + panel.height * 0.7, { steps: 10 });
    await page.mouse.up();
    await expectClosed(page, 'bottom');
    await expect(page.getByTestId('drawer-last-close')).toHaveAttribute('data-reason', 'drag');
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: WIDE });

  test('the button tooltip shows at once and hides about 300 ms after the pointer leaves', async ({
    page,
  }) => {
    await openShowcase(page);
    const trigger = page.getByTestId('tooltip-button-trigger');
    const tooltip = page.getByTestId('tooltip-button');
    await probeTooltip(page, 'tooltip-button-trigger', 'tooltip-button');
    await trigger.hover();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveRole('tooltip');
    await expect(tooltip).toHaveText(ui('showcase.tooltipButtonText'));
    await expect(trigger).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id')) ?? '-');
    let times = await probe(page);
    // No show delay: under the default tooltip's 200 ms, which a timer never undercuts.
    expect(times.open! - times.enter!).toBeLessThan(190);
    // 10 px above its trigger.
    const [tipBox, triggerBox] = [await tooltip.boundingBox(), await trigger.boundingBox()];
    expect(Math.round(triggerBox!.y - (tipBox!.y + tipBox!.height))).toBe(10);

    await page.mouse.move(5, 400);
    await expect(tooltip).toHaveCount(0);
    times = await probe(page);
    const hiddenAfter = times.close! - times.leave!;
    // Lower bound only: a busy machine may fire the hide timer late.
    expect(hiddenAfter).toBeGreaterThanOrEqual(290);
    await expect(trigger).not.toHaveAttribute('aria-describedby', /.*/);
  });

  test('the button tooltip opens on click and closes on Escape', async ({ page }) => {
    await openShowcase(page);
    const tooltip = page.getByTestId('tooltip-button');
    await page.getByTestId('tooltip-button-trigger').focus();
    await page.keyboard.press('Enter');
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });

  test('the default tooltip waits 200 ms, shows on focus and sits in its container', async ({ page }) => {
    await openShowcase(page);
    await probeTooltip(page, 'tooltip-default-trigger', 'tooltip-default');
    await page.getByTestId('tooltip-default-trigger').hover();
    const tooltip = page.getByTestId('tooltip-default');
    await expect(tooltip).toBeVisible();
    const times = await probe(page);
    expect(times.open! - times.enter!).toBeGreaterThanOrEqual(190);
    const [tipBox, triggerBox] = [
      await tooltip.boundingBox(),
      await page.getByTestId('tooltip-default-trigger').boundingBox(),
    ];
    expect(Math.round(triggerBox!.y - (tipBox!.y + tipBox!.height))).toBe(5);
    await page.mouse.move(5, 400);
    await expect(tooltip).toHaveCount(0);

    await page.getByTestId('tooltip-default-trigger').focus();
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);

    await page.getByTestId('tooltip-container-trigger').hover();
    await expect(page.locator('#ds-popover-root [data-testid="tooltip-container"]')).toBeVisible();
  });

  test('the loading bar appears after 200 ms on a slow navigation', async ({ page }) => {
    await openShowcase(page);
    await page.route(/\/faq\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-phase', 'idle');
    await expect(bar).toHaveCSS('opacity', '0');
    await page.evaluate(() => {
      const probe: Record<string, number> = {};
      window.__probe = probe;
      document.querySelector('[data-testid="slow-link"]')?.addEventListener('click', () => {
        probe.click = performance.now();
      });
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-bar"]')?.getAttribute('data-phase') === 'growing') {
          probe.growing ??= performance.now();
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
    });
    await page.getByTestId('slow-link').click();
    await expect(bar).toHaveAttribute('data-phase', 'growing');
    await expect(bar).toHaveCSS('opacity', '1');
    expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(3);
    const times = await probe(page);
    expect(times.growing! - times.click!).toBeGreaterThanOrEqual(190);
    await expect(page).toHaveURL(/\/faq$/);
  });
});
