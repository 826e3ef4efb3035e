import { PAGES, PARAM_CHECKS, type Page } from './pages.ts';

type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string }
  | { kind: 'partial'; regex: RegExp; names: string[]; literal: number };

export interface CompiledPage {
  page: Page;
  segments: Segment[];
  /** Segment-by-segment specificity, compared lexicographically: static > partial > param. */
  score: number[];
  /** The React Router path of this page (partial segments become whole dynamic segments). */
  routerPath: string;
}

export type PageMatch =
  | { status: 'ok'; page: Page; params: Record<string, string> }
  /** The path has the shape of a page but a parameter fails its check. */
  | { status: 'invalid'; page: Page }
  | { status: 'none' };

const PARAM = /\{([a-zA-Z]+)\}/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileSegment(text: string): Segment {
  const names = [...text.matchAll(PARAM)].map((m) => m[1] as string);
  if (names.length === 0) return { kind: 'static', text };
  if (names.length === 1 && text === `{${names[0]}}`) return { kind: 'param', name: names[0] as string };
  const literal = text.replace(PARAM, '');
  const source = text
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? '([^/]+?)' : escapeRegex(part)))
    .join('');
  return { kind: 'partial', regex: new RegExp(`^${source}$`), names, literal: literal.length };
}

export function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export function compilePage(page: Page): CompiledPage {
  const segments = splitPath(page.path).map(compileSegment);
  let dynamic = 0;
  const routerPath = `/${segments.map((s) => (s.kind === 'static' ? s.text : `:p${++dynamic}`)).join('/')}`;
  const score = segments.map((s) => (s.kind === 'static' ? 3 : s.kind === 'partial' ? 2 : 1));
  return { page, segments, score, routerPath };
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export const COMPILED_PAGES: readonly CompiledPage[] = PAGES.map(compilePage).sort((a, b) =>
  compareScores(a.score, b.score),
);

function fitsShape(compiled: CompiledPage, parts: string[]): boolean {
  if (compiled.segments.length !== parts.length) return false;
  return compiled.segments.every((s, i) => s.kind !== 'static' || s.text === parts[i]);
}

function extractParams(compiled: CompiledPage, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of compiled.segments.entries()) {
    const part = parts[i] as string;
    if (segment.kind === 'param') params[segment.name] = part;
    else if (segment.kind === 'partial') {
      const found = segment.regex.exec(part);
      if (!found) return null;
      segment.names.forEach((name, j) => {
        params[name] = found[j + 1] as string;
      });
    }
  }
  for (const [name, value] of Object.entries(params)) {
    const check = PARAM_CHECKS[name];
    if (check && !check.test(value)) return null;
  }
  return params;
}

/**
 * Finds the page for an unprefixed, decoded path. Pages with the same shape as the path are tried
 * from the most specific; the first whose parameters pass their checks wins.
 */
export function matchPage(path: string): PageMatch {
  const parts = splitPath(path);
  let candidate: Page | null = null;
  for (const compiled of COMPILED_PAGES) {
    if (!fitsShape(compiled, parts)) continue;
    candidate ??= compiled.page;
    const params = extractParams(compiled, parts);
    if (params) return { status: 'ok', page: compiled.page, params };
  }
  return candidate ? { status: 'invalid', page: candidate } : { status: 'none' };
}
