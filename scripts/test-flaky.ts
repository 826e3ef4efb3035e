/**
 * Runs one test file many times, to catch a flaky test before CI does:
 *
 *   npm run test:flaky -- server/apiglobal.test.ts            20 runs of a Vitest file
 *   npm run test:flaky -- server/apiglobal.test.ts 50 -t captcha
 *   npm run test:flaky -- tests/e2e/header.spec.ts 10         a Playwright spec, 10 times each test
 *
 * A Vitest file is run afresh each time (its setup too, as in CI), one run after another, and the
 * output of every failed run is printed. A Playwright spec runs with `--repeat-each` on one server
 * (`npm run build` first). Extra arguments after the count go to the runner. Exits 1 if any run failed.
 */
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const [file, countArg, ...extra] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run test:flaky -- <test file> [runs=20] [runner arguments…]');
  process.exit(2);
}
const runs = countArg === undefined ? 20 : Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`The number of runs must be a positive whole number, not '${countArg}'`);
  process.exit(2);
}

if (/\.spec\.ts$/.test(file)) {
  const result = spawnSync(
    `${root}node_modules/.bin/playwright`,
    ['test', file, `--repeat-each=${runs}`, '--retries=0', ...extra],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

let passed = 0;
let failed = 0;
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const result = spawnSync(`${root}node_modules/.bin/vitest`, ['run', file, ...extra], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    console.log(`run ${run}/${runs}: passed (${seconds} s)`);
  } else {
    failed += 1;
    console.log(`run ${run}/${runs}: FAILED (${seconds} s)\n${result.stdout}${result.stderr}`);
  }
}
console.log(`\n${file}: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
