import { localizePath } from '../../core/routing/paths.ts';
import { Trans, useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { AddressField } from './AddressField.tsx';
import type { AddressState } from './api-hooks.ts';
import { type SwapQuery, swapSearch } from './query.ts';
import type { SwapCreateState, TextField } from './swap-create-state.ts';
import { networkOf, type Side } from './types.ts';

/** The exchange form again with the step's pair (no amount: /swap then shows the form). */
function editSearch(step: SwapQuery): string {
  const params = new URLSearchParams(swapSearch(step));
  params.delete('amount');
  return `?${params.toString()}`;
}

/** The step's title and its Edit button (a link back to the form without JavaScript). */
export function SwapCreateHeader({ id, step, onEdit }: { id: string; step: SwapQuery; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="flex items-start justify-between gap-4">
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        {t('exchange.create.title')}
      </h2>
      <Button color="ghost" size="sm" onClick={onEdit} className="js-only" data-testid="edit-pair">
        {t('exchange.create.edit')}
      </Button>
      <noscript>
        <a
          href={`${localizePath(lang, '/swap')}${editSearch(step)}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          {t('exchange.create.edit')}
        </a>
      </noscript>
    </div>
  );
}

export function MemoField({
  id,
  name,
  label,
  required,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {!required && <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        data-testid={testId}
        className="mt-1 w-full rounded-lg border border-slate-200 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
      />
      <p id={`${id}-message`} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}

/**
 * The addresses: the payout address with its memo where the network has one, and the optional
 * refund address (its memo once an address is typed), each checked live.
 */
export function SwapAddresses({
  id,
  from,
  to,
  state,
  edit,
  checks,
  memoLabels,
}: {
  id: string;
  from: Side;
  to: Side;
  state: Pick<SwapCreateState, 'payoutAddress' | 'payoutMemo' | 'refundAddress' | 'refundMemo' | 'errors'>;
  edit: (field: TextField) => (value: string) => void;
  checks: { payout: AddressState; refund: AddressState };
  memoLabels: { payout: string; refund: string };
}) {
  const { t } = useTranslation();
  const { errors } = state;
  const fromNetwork = networkOf(from.coin, from.network);
  const toNetwork = networkOf(to.coin, to.network);
  const fromCode = from.coin.code.toUpperCase();
  const toCode = to.coin.code.toUpperCase();
  return (
    <>
      <AddressField
        id={`${id}-payoutAddress`}
        name="payoutAddress"
        label={t('exchange.create.payoutAddress', { coin: toCode })}
        value={state.payoutAddress}
        onChange={edit('payoutAddress')}
        check={checks.payout}
        networkName={toNetwork?.name ?? to.network}
        error={errors.payoutAddress}
        testId="payout-address"
      />
      {toNetwork?.memo && (
        <MemoField
          id={`${id}-payoutMemo`}
          name="payoutMemo"
          label={memoLabels.payout}
          required={toNetwork.memo.required}
          value={state.payoutMemo}
          onChange={edit('payoutMemo')}
          error={errors.payoutMemo}
          hint={t(toNetwork.memo.required ? 'exchange.create.memoRequiredHint' : 'exchange.create.memoHint', {
            memo: memoLabels.payout,
          })}
          testId="payout-memo"
        />
      )}
      <AddressField
        id={`${id}-refundAddress`}
        name="refundAddress"
        label={t('exchange.create.refundAddress', { coin: fromCode })}
        value={state.refundAddress}
        onChange={edit('refundAddress')}
        check={checks.refund}
        networkName={fromNetwork?.name ?? from.network}
        error={errors.refundAddress}
        optional
        hint={t('exchange.create.refundAddressReason', { coin: fromCode })}
        testId="refund-address"
      />
      {fromNetwork?.memo && state.refundAddress.trim() && (
        <MemoField
          id={`${id}-refundMemo`}
          name="refundMemo"
          label={memoLabels.refund}
          required={false}
          value={state.refundMemo}
          onChange={edit('refundMemo')}
          error={errors.refundMemo}
          hint={t('exchange.create.refundMemoHint', { memo: memoLabels.refund })}
          testId="refund-memo"
        />
      )}
    </>
  );
}

/** The promo code: typed, applied with the button or Enter, and whether the quote took it. */
export function PromoField({
  id,
  value,
  applied,
  error,
  outcome,
  onChange,
  onApply,
}: {
  id: string;
  value: string;
  /** The code applied to the quote. */
  applied: string | undefined;
  error: string | undefined;
  outcome: 'applied' | 'ignored' | null;
  onChange: (value: string) => void;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const ignored = outcome === 'ignored';
  return (
    <div>
      <label htmlFor={`${id}-promoCode`} className="text-sm font-medium">
        {t('exchange.promo.label')}
        <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-promoCode`}
          name="promoCode"
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-promoCode-message`}
          data-testid="promo-code"
          className="min-w-0 flex-1 rounded-lg border border-slate-200 px-3 py-2 uppercase focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
        />
        <Button
          color="secondary"
          onClick={onApply}
          disabled={!value.trim() || value.trim() === applied}
          data-testid="promo-apply"
        >
          {t('exchange.promo.apply')}
        </Button>
      </div>
      <p
        id={`${id}-promoCode-message`}
        aria-live="polite"
        data-testid="promo-status"
        className={`mt-1 min-h-5 text-sm ${error || ignored ? 'text-red-700' : 'text-green-700'}`}
      >
        {error ??
          (outcome === 'applied'
            ? t('exchange.promo.applied')
            : ignored
              ? t('exchange.promo.noDiscount')
              : '')}
      </p>
    </div>
  );
}

/** The terms of use to accept, linked in a new tab. */
export function TermsField({
  id,
  checked,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const lang = useLang();
  const termsLink = localizePath(lang, '/terms-of-use');
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input
          id={`${id}-terms`}
          name="terms"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-terms-message` : undefined}
          data-testid="terms"
          className="mt-0.5 size-4 accent-brand-600"
        />
        <span>
          <Trans
            i18nKey="exchange.create.terms"
            components={{
              terms: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                <a href={termsLink} target="_blank" rel="noopener" className="text-brand-700 underline" />
              ),
            }}
          />
        </span>
      </label>
      {error && (
        <p id={`${id}-terms-message`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
