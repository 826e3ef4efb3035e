/**
 * npm's postinstall (plain JavaScript: it may run on the machine's Node, not the project's).
 *
 * Hardhat's EDR (the local EVM the DEX tests start) ships its native code as optional packages, one
 * per platform, that require Node >= 22; npm skips an optional package whose engines the running
 * Node does not meet, so an install run by an older system Node (this project runs on the Node 24
 * of its `node` devDependency) leaves EDR without its binary. This installs the one package this
 * platform needs at the version the lock file holds, and does nothing where EDR loads already or
 * where Hardhat is not installed (production installs without dev dependencies).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const EDR = '@nomicfoundation/edr';

/** Whether a package is in node_modules (read from disk: packages with `exports` hide package.json). */
function installed(name) {
  return existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url));
}

function loads(name) {
  try {
    require(name);
    return true;
  } catch {
    return false;
  }
}

if (!process.env.SWAPGATE_POSTINSTALL && installed('hardhat') && installed(EDR) && !loads(EDR)) {
  const libc =
    process.platform === 'linux'
      ? process.report.getReport().header.glibcVersionRuntime
        ? 'gnu'
        : 'musl'
      : '';
  const name = [`${EDR}-${process.platform}`, process.arch, libc].filter(Boolean).join('-');
  const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
  const version = lock.packages?.[`node_modules/${name}`]?.version;
  if (!version) {
    console.warn(
      `postinstall: no ${name} in package-lock.json; the local EVM of the DEX tests will not start`,
    );
  } else {
    console.log(`postinstall: installing ${name}@${version} (EDR's native code, which npm skipped)`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `${name}@${version}`],
      {
        stdio: 'inherit',
        env: { ...process.env, SWAPGATE_POSTINSTALL: '1' },
      },
    );
  }
}
