import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { LEGAL_PAGES, LegalContentError, LegalTexts } from './legal.ts';

function contentDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'legal-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const TEXT = `---
title: Cookie Policy
description: Which cookies the site sets and how long each one lasts.
updated: 2026-11-25
---

Intro with a [link](https://example.com) and <script>alert(1)</script>.

## 1. What cookies are

Small files.

## 2. Cookies we set
`;

describe('legal texts', () => {
  it('renders a page with its front matter, table of contents and sanitised HTML', async () => {
    const legal = new LegalTexts(contentDir({ 'en/cookie-policy.md': TEXT }));
    const doc = await legal.document('cookie-policy', 'en');
    expect(doc).toMatchObject({ lang: 'en', title: 'Cookie Policy', updated: '2026-11-25' });
    expect(doc.toc).toEqual([
      { depth: 2, id: '1-what-cookies-are', text: '1. What cookies are' },
      { depth: 2, id: '2-cookies-we-set', text: '2. Cookies we set' },
    ]);
    expect(doc.html).toContain('<h2 id="1-what-cookies-are">');
    expect(doc.html).toContain('rel="noopener noreferrer"');
    expect(doc.html).not.toContain('<script');
    expect(await legal.document('cookie-policy', 'en')).toBe(doc);
  });

  it('falls back to English while a language has no text for the page', async () => {
    const legal = new LegalTexts(
      contentDir({
        'en/cookie-policy.md': TEXT,
        'de/cookie-policy.md': TEXT.replace('Cookie Policy', 'Cookie-Richtlinie'),
      }),
    );
    expect((await legal.document('cookie-policy', 'de')).title).toBe('Cookie-Richtlinie');
    expect(await legal.document('cookie-policy', 'fr')).toMatchObject({ lang: 'en', title: 'Cookie Policy' });
  });

  it('reads a description holding a colon, quoted or not', async () => {
    const legal = new LegalTexts(
      contentDir({
        'en/terms-of-use.md': TEXT.replace(
          'description: Which cookies the site sets and how long each one lasts.',
          'description: The rules: who may swap, and what we owe you.',
        ),
        'de/terms-of-use.md': TEXT.replace('title: Cookie Policy', 'title: "Nutzungs: bedingungen"'),
      }),
    );
    expect((await legal.document('terms-of-use', 'en')).description).toBe(
      'The rules: who may swap, and what we owe you.',
    );
    expect((await legal.document('terms-of-use', 'de')).title).toBe('Nutzungs: bedingungen');
  });

  it("points the text's site links at the pages in its language, the blog and other sites unchanged", async () => {
    const text = `${TEXT}\nSee [privacy](/privacy-policy), [blog](/blog/fees/), [home](/), [x](//cdn.example) and [y](https://example.com/a).\n`;
    const legal = new LegalTexts(contentDir({ 'en/privacy-policy.md': text, 'de/privacy-policy.md': text }));
    const de = (await legal.document('privacy-policy', 'de')).html;
    expect(de).toContain('href="/de/privacy-policy"');
    expect(de).toContain('href="/blog/fees/"');
    expect(de).toContain('href="/de"');
    expect(de).toContain('href="//cdn.example"');
    expect(de).toContain('href="https://example.com/a"');
    expect((await legal.document('privacy-policy', 'en')).html).toContain('href="/privacy-policy"');
  });

  it('refuses a file whose front matter is incomplete', async () => {
    const legal = new LegalTexts(contentDir({ 'en/kyc-aml.md': '---\ntitle: KYC\n---\n\nText' }));
    await expect(legal.document('kyc-aml', 'en')).rejects.toBeInstanceOf(LegalContentError);
  });

  it('has a valid English text for every legal page, and the shipped translations render', async () => {
    const legal = new LegalTexts();
    await legal.preload(LANGUAGES);
    for (const page of LEGAL_PAGES) {
      const doc = await legal.document(page, 'en');
      expect(doc.lang).toBe('en');
      expect(doc.toc.length).toBeGreaterThan(2);
    }
  });
});
