/**
 * `npm test`: the whole suite, arranged for a small machine, with a record of where the time went.
 *
 *   node scripts/test.ts                 lint, typecheck and build (at once), then unit, then e2e
 *   node scripts/test.ts unit e2e        only the stages named (checks | unit | e2e)
 *
 * - lint, typecheck and build do not depend on each other: they run at the same time, each with its
 *   output printed as one block when it ends.
 * - The unit tests (Vitest) and the browser tests (Playwright) then run one after the other: each
 *   already uses the machine's cores, and side by side they starve each other's timeouts.
 * - At the end: the wall time of each step, the slowest test files of each runner (from their JSON
 *   reports in test-reports/: Playwright empties test-results/ when it starts), and one closing line with the counts of both runners.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}test-reports`;
const VITEST_JSON = `${results}/vitest.json`;
const PLAYWRIGHT_JSON = `${results}/playwright.json`;
const STAGES = ['checks', 'unit', 'e2e'] as const;
type Stage = (typeof STAGES)[number];

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Print the output as it comes (a long step) rather than as one block when it ends. */
  stream?: boolean;
}

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;

function run(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = step.command as [string, ...string[]];
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: step.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      if (!step.stream) {
        process.stdout.write(`\n── ${step.name} (${seconds.toFixed(0)} s) ──\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`── ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ──\n`);
      resolve({ name: step.name, ok, seconds });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

interface FileTime {
  file: string;
  seconds: number;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  files: FileTime[];
}

/** Vitest's JSON report: one entry a file, with its start and end. */
function vitestCounts(): Counts | undefined {
  if (!existsSync(VITEST_JSON)) return undefined;
  const report = JSON.parse(readFileSync(VITEST_JSON, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    files: report.testResults.map((file) => ({
      file: relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    })),
  };
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[]; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: test time summed per spec file (its workers run files side by side). */
function playwrightCounts(): Counts | undefined {
  if (!existsSync(PLAYWRIGHT_JSON)) return undefined;
  const report = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8')) as {
    suites: PlaywrightSuite[];
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const perFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        perFile.set(suite.file, (perFile.get(suite.file) ?? 0) + ms / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    files: [...perFile].map(([file, seconds]) => ({ file: `tests/e2e/${file}`, seconds })),
  };
}

function printSlowest(title: string, counts: Counts | undefined, top = 12) {
  if (!counts) return;
  const files = [...counts.files].sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`\n${title}: ${files.length} files, ${total.toFixed(0)} s of test time; the slowest:`);
  for (const file of files.slice(0, top)) {
    console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.file}`);
  }
}

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!STAGES.includes(name as Stage)) {
    console.error(`Unknown stage '${name}': use ${STAGES.join(', ')}`);
    process.exit(2);
  }
}
const stages = new Set<Stage>(wanted.length ? (wanted as Stage[]) : STAGES);
mkdirSync(results, { recursive: true });

const started = performance.now();
const outcomes: Outcome[] = [];
let failed = false;

if (stages.has('checks')) {
  const checks = await Promise.all([
    run({ name: 'lint', command: [bin('biome'), 'check', '.'] }),
    run({ name: 'typecheck', command: [bin('tsc'), '--noEmit'] }),
    run({ name: 'build', command: [bin('react-router'), 'build'] }),
  ]);
  outcomes.push(...checks);
  failed = checks.some((outcome) => !outcome.ok);
}

if (!failed && stages.has('unit')) {
  const unit = await run({
    name: 'unit tests (vitest)',
    command: [
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${VITEST_JSON}`,
    ],
    stream: true,
  });
  outcomes.push(unit);
  failed = !unit.ok;
}

if (!failed && stages.has('e2e')) {
  const e2e = await run({
    name: 'browser tests (playwright)',
    command: [bin('playwright'), 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
    stream: true,
  });
  outcomes.push(e2e);
  failed = !e2e.ok;
}

const unit = stages.has('unit') ? vitestCounts() : undefined;
const e2e = stages.has('e2e') ? playwrightCounts() : undefined;
printSlowest('Unit test files', unit);
printSlowest('Browser test files', e2e);

console.log('\nSteps:');
for (const outcome of outcomes) {
  console.log(
    `  ${outcome.seconds.toFixed(0).padStart(5)} s  ${outcome.ok ? 'ok    ' : 'FAILED'}  ${outcome.name}`,
  );
}
console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);

const counted = [unit, e2e].filter((counts): counts is Counts => counts !== undefined);
if (counted.length) {
  const sum = (key: 'passed' | 'failed' | 'skipped') =>
    counted.reduce((total, counts) => total + counts[key], 0);
  console.log(`\nTests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
}
process.exit(failed ? 1 : 0);
