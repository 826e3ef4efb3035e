import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { COMPILED_PAGES } from '../core/routing/match.ts';
import { localizePath } from '../core/routing/paths.ts';

export interface BuildMeta {
  id: string;
  createdAt: string;
  /** Route patterns the app answers, per language (SPEC §3 "Build manifest": the route matcher). */
  matcher: { static: string[]; dynamic: string[] };
  /** Paths rendered to files at build time; none: every page is rendered per request. */
  prerendered: string[];
}

/** Names every hashed client file; the same sources give the same id. */
async function buildId(clientDir: string): Promise<string> {
  const files = (await readdir(join(clientDir, 'assets'))).sort();
  return createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
}

/** Writes builds/latest.json ({id}) and builds/meta/{id}.json into the client build (SPEC §4, §7). */
export async function writeBuildManifest(buildDirectory: string): Promise<BuildMeta> {
  const clientDir = join(buildDirectory, 'client');
  const id = await buildId(clientDir);
  const paths = LANGUAGES.flatMap((lang) => COMPILED_PAGES.map(({ page }) => localizePath(lang, page.path)));
  const meta: BuildMeta = {
    id,
    createdAt: new Date().toISOString(),
    matcher: {
      static: paths.filter((path) => !path.includes('{')),
      dynamic: paths.filter((path) => path.includes('{')),
    },
    prerendered: [],
  };
  await mkdir(join(clientDir, 'builds', 'meta'), { recursive: true });
  await writeFile(join(clientDir, 'builds', 'meta', `${id}.json`), JSON.stringify(meta));
  await writeFile(join(clientDir, 'builds', 'latest.json'), JSON.stringify({ id }));
  return meta;
}
