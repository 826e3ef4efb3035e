import './english-swap-status.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';

/** Copies `text` to the clipboard and says "Copied" (shown and announced) for two seconds. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        data-testid={testId}
        className="rounded-md border border-slate-200 px-2.5 py-1 text-sm font-medium text-brand-700 hover:border-brand-500 hover:bg-brand-50"
      >
        {state === 'copied' ? t('swapStatus.copied') : t('swapStatus.copy')}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('swapStatus.copied') : state === 'failed' ? t('swapStatus.copyFailed') : ''}
      </span>
      {state === 'failed' && (
        <span aria-hidden="true" className="text-xs text-red-700">
          {t('swapStatus.copyFailed')}
        </span>
      )}
    </span>
  );
}
