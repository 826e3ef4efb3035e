import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { HOME_FACTS } from '../../app/home/facts.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { BROWSER_UA, translate, waitForHydration } from './helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** A dictionary text; English while a language has no translation of the key yet (the runtime's fallback). */
function text(lang: Lang, key: string): string {
  try {
    return translate(lang, key);
  } catch {
    return translate('en', key);
  }
}

for (const lang of ['en', 'ja'] as const) {
  test(`home page facts render in ${lang}`, async ({ page }) => {
    await page.goto(localizePath(lang, '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate(lang, 'pages.home.title'));
    await expect(page.getByText(translate(lang, 'pages.home.description'), { exact: true })).toBeVisible();

    const section = page.getByRole('region', { name: text(lang, 'home.facts.title') });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(text(lang, 'home.facts.title'));
    const terms = section.locator('dl > div');
    await expect(terms).toHaveCount(HOME_FACTS.length);
    for (const [index, fact] of HOME_FACTS.entries()) {
      const item = terms.nth(index);
      const key = `home.facts.${fact.id}`;
      await expect(item.locator('dt')).toHaveText(
        `${text(lang, `${key}.figure`)}${text(lang, `${key}.label`)}`,
      );
      await expect(item.locator('dd p')).toHaveText(text(lang, `${key}.text`));
      if (fact.href) {
        await expect(item.getByRole('link', { name: text(lang, `${key}.link`) })).toHaveAttribute(
          'href',
          localizePath(lang, fact.href),
        );
      }
    }
    // The facts are server-rendered: they are there before and after hydration, unchanged.
    await waitForHydration(page);
    await expect(terms).toHaveCount(HOME_FACTS.length);
  });
}

for (const width of [375, 768, 1280]) {
  test(`home page has no serious or critical accessibility violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await waitForHydration(page);
    // No horizontal scrolling at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(blocking).toEqual([]);
    // An experimental rule, run on its own: every control's spoken name contains its visible text.
    const labelInName = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(
      labelInName.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
    ).toEqual([]);
  });
}
