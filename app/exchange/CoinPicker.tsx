import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { requestIdle } from '../ui/hooks.ts';
import { CoinIcon } from './CoinIcon.tsx';
import type { Side } from './types.ts';
import { networkOf } from './types.ts';

/** The dialog's code: fetched when the browser is idle, or at the first open if that comes first. */
const loadDialog = () => import('./CoinPickerDialog.tsx');
const CoinPickerDialog = lazy(() => loadDialog().then((module) => ({ default: module.CoinPickerDialog })));

/**
 * A coin picker: a button showing the chosen coin and network that opens a modal dialog with a
 * searchable list (app/exchange/CoinPickerDialog.tsx).
 */
export function CoinPicker({
  side,
  label,
  title,
  testId,
  onChange,
}: {
  side: Side | null;
  /** What this side is, e.g. "You send". */
  label: string;
  /** The dialog's heading, e.g. "Choose the coin to send". */
  title: string;
  testId: string;
  onChange: (side: Side) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted: its coin list is kept for the next opening.
  const [mounted, setMounted] = useState(false);
  useEffect(() => requestIdle(() => void loadDialog()), []);

  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  const network = side ? networkOf(side.coin, side.network) : undefined;

  return (
    <>
      <button
        type="button"
        onClick={show}
        data-testid={testId}
        data-coin={side?.coin.code}
        data-network={side?.network}
        aria-haspopup="dialog"
        className="relative flex max-w-[45%] shrink-0 items-center gap-2 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-left hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 sm:max-w-none sm:min-w-36"
      >
        {side ? (
          // The name read out begins with the side and goes on with the visible text (WCAG 2.5.3):
          // "You send: BTC Bitcoin, Change the coin".
          <>
            <span className="sr-only">{t('exchange.picker.side', { label })} </span>
            <CoinIcon coin={side.coin} />
            {/* On a phone the button leaves the amount room: a long network name is cut, not the amount. */}
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="font-semibold">{side.coin.code.toUpperCase()}</span>
              <span className="truncate text-xs text-muted">{network?.name ?? side.network}</span>
            </span>
            <span className="sr-only">, {t('exchange.picker.change')}</span>
          </>
        ) : (
          <span className="font-semibold">{t('exchange.picker.choose')}</span>
        )}
        <span aria-hidden="true" className="ml-auto text-muted">
          ▾
        </span>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <CoinPickerDialog
            side={side}
            title={title}
            testId={testId}
            open={open}
            onChange={onChange}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
