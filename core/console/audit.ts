import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AccountRole, auditLog } from '../../db/schema.ts';

/** Who acts in the console: the signed-in operator (or the command line, with no user id). */
export interface Actor {
  id: string | null;
  email: string;
  role: AccountRole;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/**
 * The audit log of the operator console: one row per action with who, when, what and the record
 * before and after. The table refuses UPDATE and DELETE (a trigger), so what is written stays.
 */
export class AuditLog {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Writes one entry; pass the transaction the action ran in so both land or neither does. */
  async record(actor: Actor, entry: AuditEntry, db: Database = this.#db): Promise<void> {
    await db.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** Newest first; `beforeId` pages back, `target` narrows to one record's history. */
  async list(
    options: { limit?: number; beforeId?: number; target?: { type: string; id: string } } = {},
  ): Promise<AuditRow[]> {
    const conditions = [];
    if (options.beforeId) conditions.push(lt(auditLog.id, options.beforeId));
    if (options.target) {
      conditions.push(eq(auditLog.targetType, options.target.type), eq(auditLog.targetId, options.target.id));
    }
    return this.#db
      .select({
        id: auditLog.id,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(Math.min(Math.max(options.limit ?? 100, 1), 10_000));
  }
}

/** A CSV field: quoted when it holds a comma, quote or line break; formulas defused for spreadsheets. */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The audit log as CSV (RFC 4180 line ends), oldest first. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const header = ['id', 'at', 'actor', 'action', 'target_type', 'target_id', 'before', 'after'];
  const lines = [header.join(',')];
  for (const row of [...rows].reverse()) {
    lines.push(
      [
        row.id,
        row.createdAt.toISOString(),
        row.actorEmail,
        row.action,
        row.targetType,
        row.targetId,
        row.before,
        row.after,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
