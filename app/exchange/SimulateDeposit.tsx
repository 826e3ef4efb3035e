import { useId, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { cleanAmount, isPositiveAmount, typingAmount } from './format.ts';
import { problemText } from './messages.ts';
import type { SwapView } from './types.ts';

/** Sandbox only: pretends the visitor paid, with the expected amount or any other. */
export function SimulateDeposit({
  swap,
  fromCode,
  onDone,
}: {
  swap: SwapView;
  fromCode: string;
  onDone: (swap: SwapView) => void;
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState(swap.amountFrom);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!isPositiveAmount(amount)) {
      setError(t('exchange.errors.amount'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const next = await api<SwapView>(`/api/v1/sandbox/swaps/${swap.id}/deposit`, {
        lang,
        method: 'POST',
        body: { amount: cleanAmount(amount) },
      });
      onDone(next);
    } catch (problem) {
      setError(
        problemText(t, problem instanceof ApiProblem ? problem : new ApiProblem(0, 'network_error', '')),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="simulate-deposit"
      className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('swapStatus.sandbox.title')}
      </h2>
      <p className="mt-1 text-sm">{t('swapStatus.sandbox.description')}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-32 flex-1 flex-col">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            {t('swapStatus.sandbox.amount', { coin: fromCode })}
          </label>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(typingAmount(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="simulate-amount"
            className="mt-1 rounded-lg border border-slate-300 bg-surface px-3 py-2 focus:border-brand-500 focus:outline-none"
          />
        </div>
        <Button type="submit" loading={sending} data-testid="simulate-submit">
          {sending ? t('swapStatus.sandbox.sending') : t('swapStatus.sandbox.submit')}
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
