import type { ReactNode } from 'react';
import { Form, Link, useActionData } from 'react-router';
import { PageHead } from '../shell/PageHead.tsx';
import { buttonClass } from '../ui/Button.tsx';

/**
 * The operator console's frame. The console is in English only (docs/decisions/027): it is a tool
 * for the few people who run the site, and every page says exactly what it does.
 */
const SECTIONS = [
  ['', 'Overview'],
  ['/swaps', 'Swaps and orders'],
  ['/support', 'Support inbox'],
  ['/reviews', 'Reviews'],
  ['/mail', 'Mail outbox'],
  ['/path-rules', 'Path rules'],
  ['/providers', 'Providers'],
  ['/partners', 'Partners'],
  ['/audit', 'Audit log'],
] as const;

export const CONSOLE_BASE = '/account/console';

export function ConsolePage({
  name,
  title,
  notice,
  needsSecondFactor,
  children,
}: {
  name: string;
  title: string;
  notice?: string | null;
  needsSecondFactor?: boolean;
  children: ReactNode;
}) {
  const failure = useActionData() as { ok: false; error: string } | undefined;
  return (
    <section data-page={`console-${name}`} className="mx-auto w-full max-w-6xl">
      <PageHead title={`${title} | Console`} description="Operator console" noindex />
      <nav aria-label="Console" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SECTIONS.map(([path, label]) => (
          <Link key={path} to={`${CONSOLE_BASE}${path}`} reloadDocument className="underline">
            {label}
          </Link>
        ))}
      </nav>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {notice ? (
        <p
          role="status"
          data-testid="console-notice"
          className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {notice}
        </p>
      ) : null}
      {failure && failure.ok === false ? (
        <p
          role="alert"
          data-testid="console-error"
          className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {failure.error}
        </p>
      ) : null}
      {needsSecondFactor ? (
        <p role="alert" data-testid="console-second-factor" className="mt-4 rounded-xl bg-amber-50 px-4 py-3">
          The console needs the second factor.{' '}
          <a className="underline" href="/account">
            Turn it on in your account
          </a>
          , then come back.
        </p>
      ) : (
        <div className="mt-6 flex flex-col gap-6">{children}</div>
      )}
    </section>
  );
}

export function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-surface p-4 shadow-md">
      {title ? <h2 className="mb-3 text-xl font-semibold">{title}</h2> : null}
      {children}
    </div>
  );
}

export function Table({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId?: string }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} className="border-b px-2 py-1 font-semibold">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length} className="px-2 py-2 text-muted">
              Nothing here.
            </td>
          </tr>
        ) : (
          rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no better key
            <tr key={i} className="border-b align-top">
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={j} className="px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** A small POST form to the page's action: a plain HTML form, posted as a document. */
export function ActionForm({
  intent,
  submit,
  children,
  danger,
  testId,
}: {
  intent: string;
  submit: string;
  children?: ReactNode;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <Form method="post" reloadDocument className="flex flex-wrap items-end gap-2" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={buttonClass({ color: danger ? 'secondary' : 'primary', size: 'sm' })}>
        {submit}
      </button>
    </Form>
  );
}

export function Input({
  name,
  label,
  defaultValue,
  wide,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  wide?: boolean;
}) {
  return (
    <label className="flex flex-col text-sm">
      <span>{label}</span>
      <input
        name={name}
        defaultValue={defaultValue}
        className={`rounded-lg border px-2 py-1 ${wide ? 'w-96 max-w-full' : 'w-48'}`}
      />
    </label>
  );
}

export function TextArea({ name, label }: { name: string; label: string }) {
  return (
    <label className="flex w-full flex-col text-sm">
      <span>{label}</span>
      <textarea
        name={name}
        rows={4}
        required
        maxLength={5000}
        className="w-full rounded-lg border px-2 py-1"
      />
    </label>
  );
}

/** A time as operators read it: UTC, to the minute. */
export function when(value: Date | string | null | undefined): string {
  if (!value) return '–';
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
