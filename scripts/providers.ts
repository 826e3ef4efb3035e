import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { coinsFileSchema } from '../core/catalogue/catalogue-files.ts';
import { loadConfig } from '../core/config.ts';
import { providerTable } from '../core/providers/registry.ts';

/**
 * `npm run providers -- list [--coins]`: every provider the product can compare (the registry of
 * core/providers/registry.ts), its kind, whether this environment's settings switch it on, and how
 * many of the catalogue's coins it serves (with --coins, which ones).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { coins: { type: 'boolean' } },
});
const [command = 'list'] = positionals;
if (command !== 'list') {
  console.error('Usage: npm run providers -- list [--coins]');
  process.exit(2);
}
const coins = coinsFileSchema.parse(
  JSON.parse(readFileSync(new URL('../content/catalogue/coins.json', import.meta.url), 'utf8')),
);
const assets = coins.flatMap((coin) =>
  coin.networks.map((entry) => ({ coin: coin.code, network: entry.network })),
);
const rows = providerTable(loadConfig(), assets);
const header = ['id', 'name', 'kind', 'configured', 'coins', 'assets', 'settings'];
const lines = rows.map((row) => [
  row.id,
  row.name,
  row.kind,
  row.configured ? 'yes' : 'no',
  String(row.coins.length),
  String(row.assets),
  row.env.join(' '),
]);
const widths = header.map((title, i) =>
  Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
);
for (const line of [header, ...lines])
  console.log(
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
if (values.coins) {
  for (const row of rows) console.log(`\n${row.id}: ${row.coins.join(' ')}`);
}
