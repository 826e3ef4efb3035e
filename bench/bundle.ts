/**
 * The JavaScript the home page loads for its first render, against the DESIGN budget.
 *   npm run bench:bundle            (script line: "bench:bundle": "node bench/bundle.ts")
 * Starts the production server (bench/server.ts: built first when build/ is missing, fresh data
 * directory), fetches `/`, collects every `<script src>`, `<link rel="modulepreload">`
 * and the `import`s of the inline module scripts, follows the static imports of each chunk (what the
 * browser fetches before hydrating), and sums raw and gzip (level 9) sizes per file.
 */
import { gzipSync } from 'node:zlib';
import { startBenchServer } from './server.ts';

/** DESIGN budget: the React Router floor plus what the home page may add, gzip. */
const FLOOR_KB = 110;
const HOME_KB = 30;
const BUDGET_KB = FLOOR_KB + HOME_KB;
const PAGE = process.env.BENCH_PAGE ?? '/';
/** A desktop browser: the root language redirect skips tools, but the page must be the real one. */
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

/** The JavaScript URLs an HTML page asks for before it runs. */
function pageScripts(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) found.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && /\bmodulepreload\b/i.test(attribute(tag, 'rel') ?? '')) found.push(href);
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\btype\s*=\s*["']?module/i.test(attrs ?? '')) continue;
    found.push(...staticImports(body ?? ''), ...dynamicImports(body ?? ''));
  }
  return found;
}

/** `import … from "x"`, `import "x"` and `export … from "x"` specifiers of a module. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g)].map(
    (m) => m[1] as string,
  );
}

/** `import("x")` in an inline bootstrap script: the route modules it loads at once. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g)].map((m) => m[1] as string);
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

const server = await startBenchServer();
const base = server.base;
try {
  const response = await fetch(new URL(PAGE, base), { headers: { 'user-agent': UA } });
  if (!response.ok) throw new Error(`${PAGE} answered ${response.status}`);
  const html = await response.text();
  const pageUrl = new URL(response.url);

  // Breadth-first over the page's scripts and their static imports (modulepreload should list them
  // all already; following the imports catches any it misses).
  const queue = pageScripts(html).map((src) => new URL(src, pageUrl).href);
  const fromPage = new Set(queue);
  const sizes = new Map<string, { raw: number; gzip: number; via: string }>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (sizes.has(url)) continue;
    const file = await fetch(url);
    if (!file.ok) throw new Error(`${url} answered ${file.status}`);
    const body = Buffer.from(await file.arrayBuffer());
    sizes.set(url, {
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      via: fromPage.has(url) ? 'page' : 'import',
    });
    for (const specifier of staticImports(body.toString('utf8'))) {
      const next = new URL(specifier, url).href;
      if (!sizes.has(next)) queue.push(next);
    }
  }

  const rowsOf = () =>
    [...sizes]
      .map(([url, size]) => ({
        file: decodeURIComponent(new URL(url).pathname),
        via: size.via,
        'raw KB': kb(size.raw),
        'gzip KB': kb(size.gzip),
      }))
      .sort((a, b) => b['gzip KB'] - a['gzip KB']);
  // The inline scripts (route data, manifest, bootstrap) are JavaScript of the page too.
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attrs = '']) =>
        !/\bsrc\s*=/i.test(attrs) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs),
    )
    .map((m) => m[2] ?? '')
    .join('\n');
  if (inline.length > 0) {
    const body = Buffer.from(inline);
    sizes.set(`${pageUrl.origin}/(inline scripts of ${PAGE})`, {
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      via: 'page',
    });
  }
  const raw = [...sizes.values()].reduce((sum, s) => sum + s.raw, 0);
  const gzip = [...sizes.values()].reduce((sum, s) => sum + s.gzip, 0);
  console.log(`JavaScript for the first render of ${PAGE} (${sizes.size} files, gzip level 9)`);
  const rows = rowsOf();
  console.table([...rows, { file: 'total', via: '', 'raw KB': kb(raw), 'gzip KB': kb(gzip) }]);
  const over = kb(gzip) - BUDGET_KB;
  console.log(
    over <= 0
      ? `within budget: ${kb(gzip)} KB gzip of ${BUDGET_KB} KB (React Router floor ~${FLOOR_KB} KB + ${HOME_KB} KB home page)`
      : `over budget by ${over.toFixed(1)} KB: ${kb(gzip)} KB gzip of ${BUDGET_KB} KB (React Router floor ~${FLOOR_KB} KB + ${HOME_KB} KB home page)`,
  );
} finally {
  await server.stop();
}
