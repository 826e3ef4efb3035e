import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** React's and React Router's development builds, by the file names their packages load. */
const DEVELOPMENT_BUILD = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/].*development/;

/**
 * The development builds of React, React DOM and React Router this process has loaded: React picks
 * its build from NODE_ENV when first required (CommonJS, so it is in the require cache), React
 * Router from the export conditions Node resolves it with.
 */
export function loadedDevelopmentBuilds(): string[] {
  // Node also parses both of a package's branches for their export names when ESM imports it; only
  // the modules that ran count.
  const loaded = Object.entries(require.cache)
    .filter(([file, module]) => module?.loaded && DEVELOPMENT_BUILD.test(file))
    .map(([file]) => file);
  const router = import.meta.resolve('react-router');
  if (DEVELOPMENT_BUILD.test(decodeURIComponent(new URL(router).pathname))) loaded.push(router);
  return loaded;
}
