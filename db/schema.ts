import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-path routing rules (SPEC §7 "lookup by path"): a redirect target and on/off switches for
 * the named route middlewares.
 */
export const pathRules = pgTable(
  'path_rules',
  {
    path: text('path').primaryKey(),
    redirectTo: text('redirect_to'),
    redirectStatus: integer('redirect_status').notNull().default(301),
    middlewares: jsonb('middlewares').$type<Record<string, boolean>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('path_rules_path_check', sql`${table.path} LIKE '/%'`),
    check('path_rules_status_check', sql`${table.redirectStatus} IN (301, 302, 307, 308)`),
  ],
);

export type PathRuleRow = typeof pathRules.$inferSelect;
