/**
 * Copies the flags of our 14 languages (core/i18n/languages.ts) from the country-flag-icons
 * package (3:2 SVGs, MIT) to public/flags/{country}.svg: only the flags the language menu shows
 * are shipped, not the package's whole set. Run after changing a language's flag or updating the
 * package: `node scripts/flags.ts` (or `node scripts/flags.ts path/to/country-flag-icons`).
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_INFO } from '../core/i18n/languages.ts';

const root = new URL('..', import.meta.url).pathname;
const source = process.argv[2] ?? join(root, 'node_modules/country-flag-icons');
const target = join(root, 'public/flags');

mkdirSync(target, { recursive: true });
const wanted = new Set(Object.values(LANGUAGE_INFO).map((info) => info.flag));
for (const file of readdirSync(target)) {
  if (file.endsWith('.svg') && !wanted.has(file.replace(/\.svg$/, ''))) rmSync(join(target, file));
}
copyFileSync(join(source, 'LICENSE'), join(target, 'LICENSE'));
for (const flag of wanted) {
  copyFileSync(join(source, '3x2', `${flag.toUpperCase()}.svg`), join(target, `${flag}.svg`));
}
console.log(`${wanted.size} flags in public/flags/`);
