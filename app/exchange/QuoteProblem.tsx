import { useTranslation } from '../i18n/react.tsx';
import type { ApiProblem } from '../lib/api-client.ts';
import { problemText } from './messages.ts';

/**
 * A quote's problem in words. A minimum or maximum the amount missed is a button: clicking it
 * puts that limit into the amount to send.
 */
export function QuoteProblem({
  error,
  coin,
  onFill,
}: {
  error: ApiProblem;
  coin: string | undefined;
  onFill?: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const text = problemText(t, error, coin);
  const name = error.code === 'amount_below_min' ? 'min' : error.code === 'amount_above_max' ? 'max' : null;
  const value = name ? error.details?.[name] : undefined;
  if (!onFill || !coin || (typeof value !== 'string' && typeof value !== 'number')) return <>{text}</>;
  return (
    <button
      type="button"
      onClick={() => onFill(String(value))}
      title={t('exchange.offers.useLimit')}
      data-testid="fill-limit"
      className="cursor-pointer text-left underline decoration-dotted underline-offset-2 hover:decoration-solid"
    >
      {text}
    </button>
  );
}
