/**
 * The operator's way to a partner's white-label widget theme without the HTTP endpoint:
 *   node scripts/widget-theme.ts get <partner-id>
 *   node scripts/widget-theme.ts set <partner-id> <theme.json>   (checked as PUT /apiglobal/… checks it)
 *   node scripts/widget-theme.ts remove <partner-id>
 * Running servers see a change within WIDGET_THEME_TTL_MS (30 s).
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../core/config.ts';
import { validateWidgetTheme } from '../core/widget/theme.ts';
import { HostTakenError, WidgetThemeStore } from '../core/widget/themes.ts';
import { openDatabaseForCommand } from '../server/database.ts';

const [command, partner, file] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabaseForCommand(config);
await database.migrate();
const store = new WidgetThemeStore(database.db);
try {
  if (command === 'get' && partner) {
    const theme = await store.get(partner);
    if (theme === undefined) throw new Error(`No partner ${partner}`);
    console.log(JSON.stringify(theme, null, 2));
  } else if (command === 'set' && partner && file) {
    const check = validateWidgetTheme(JSON.parse(readFileSync(file, 'utf8')));
    if (!check.ok) throw new Error(`Refused: ${check.field}: ${check.message}`);
    if (!(await store.save(partner, check.theme))) throw new Error(`No partner ${partner}`);
    console.log(`Theme of ${partner} saved`);
  } else if (command === 'remove' && partner) {
    console.log((await store.remove(partner)) ? `Theme of ${partner} removed` : `${partner} had no theme`);
  } else {
    console.error(
      'Usage: widget-theme get <partner-id> | set <partner-id> <theme.json> | remove <partner-id>',
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error(
    error instanceof HostTakenError ? `Host ${error.host} belongs to another partner` : String(error),
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
