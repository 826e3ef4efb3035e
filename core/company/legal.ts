import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { renderMarkdown, type TocEntry } from '../blog/markdown.ts';
import { DEFAULT_LANG, type Lang } from '../i18n/languages.ts';
import { isBlogPath, localizePath } from '../routing/paths.ts';

/** content/legal/{lang}/{page}.md: the legal texts, one Markdown file per language and page. */
export const LEGAL_CONTENT_DIR = fileURLToPath(new URL('../../content/legal/', import.meta.url));

/** The legal pages, by page name (the same as their path and file name). */
export const LEGAL_PAGES = [
  'cookie-policy',
  'privacy-policy',
  'terms-of-use',
  'terms-for-partners',
  'kyc-aml',
] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export function isLegalPage(value: string): value is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(value);
}

const frontMatter = z.strictObject({
  title: z.string().min(3).max(120),
  description: z.string().min(20).max(300),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
});

/**
 * The front matter of a legal text: one `key: value` per line, the value taken whole (quotes
 * around it dropped), so a description may hold a colon without YAML quoting.
 */
export function parseLegalFile(text: string): { data: Record<string, string>; content: string } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return null;
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const field = /^([A-Za-z]+):\s*(.*?)\s*$/.exec(line);
    if (!field) return null;
    const value = field[2] ?? '';
    const quoted = /^(["'])(.*)\1$/.exec(value);
    data[field[1] as string] = quoted
      ? quoted[1] === "'"
        ? (quoted[2] ?? '').replace(/''/g, "'")
        : (quoted[2] ?? '').replace(/\\"/g, '"')
      : value;
  }
  return { data, content: text.slice(match[0].length) };
}

export interface LegalDocument {
  page: LegalPage;
  /** The language the text is written in: the page's, or English while a translation is missing. */
  lang: Lang;
  title: string;
  description: string;
  /** `YYYY-MM-DD` of the last change. */
  updated: string;
  html: string;
  toc: TocEntry[];
}

/**
 * The text's links to site pages (`/privacy-policy`) lead to the page in the text's language
 * (`/de/privacy-policy`); the blog is English under one address and keeps its links.
 */
export function localizeLinks(html: string, lang: Lang): string {
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (whole, path: string) =>
    isBlogPath(path) ? whole : `href="${localizePath(lang, path)}"`,
  );
}

export class LegalContentError extends Error {
  override name = 'LegalContentError';
}

/**
 * The legal texts, read and rendered through the blog's Markdown pipeline (sanitised, heading
 * anchors, table of contents) once per file and kept in memory: the files ship with the build.
 */
export class LegalTexts {
  readonly #dir: string;
  readonly #cache = new Map<string, Promise<LegalDocument>>();

  constructor(dir: string = LEGAL_CONTENT_DIR) {
    this.#dir = dir;
  }

  /** The page in `lang`, or in English when that language has no text for it. */
  document(page: LegalPage, lang: Lang): Promise<LegalDocument> {
    const written = existsSync(this.#path(page, lang)) ? lang : DEFAULT_LANG;
    const key = `${written}/${page}`;
    let cached = this.#cache.get(key);
    if (!cached) {
      cached = this.#render(page, written);
      cached.catch(() => this.#cache.delete(key));
      this.#cache.set(key, cached);
    }
    return cached;
  }

  /** Renders every file there is, so a broken one fails the start and not a visitor's request. */
  async preload(languages: readonly Lang[]): Promise<void> {
    await Promise.all(languages.flatMap((lang) => LEGAL_PAGES.map((page) => this.document(page, lang))));
  }

  #path(page: LegalPage, lang: Lang): string {
    return join(this.#dir, lang, `${page}.md`);
  }

  async #render(page: LegalPage, lang: Lang): Promise<LegalDocument> {
    const file = this.#path(page, lang);
    const source = parseLegalFile(readFileSync(file, 'utf8'));
    if (!source) throw new LegalContentError(`${file}: no front matter of \`key: value\` lines`);
    const parsed = frontMatter.safeParse(source.data);
    if (!parsed.success) throw new LegalContentError(`${file}: ${z.prettifyError(parsed.error)}`);
    const rendered = await renderMarkdown(source.content);
    return { page, lang, ...parsed.data, html: localizeLinks(rendered.html, lang), toc: rendered.toc };
  }
}
