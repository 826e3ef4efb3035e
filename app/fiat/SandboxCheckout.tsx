import { useId, useState } from 'react';
import type { FiatOrderViewBody } from '../../core/fiat/contract.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import type { FiatProblem, SandboxCheckoutPosted } from './compare.server.ts';
import { fiatProblem } from './fiat-widget-state.ts';

const field =
  'w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 font-mono text-base focus:border-brand-500 focus:outline-none';

type Answer = { outcome: 'succeeded' | 'declined' | 'challenge'; order: FiatOrderViewBody };

type Card = { number: string; expiry: string; cvc: string };

/**
 * The sandbox checkout's calls (`pay`, `challenge`): a 3-D Secure answer opens that step, any
 * other outcome goes back to the order page, a refusal stays with its reason.
 */
function useSandboxPayment(orderId: string, posted: SandboxCheckoutPosted | null) {
  const { t } = useTranslation();
  const lang = useLang();
  const [problem, setProblem] = useState<FiatProblem | null>(posted?.problem ?? null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(posted?.challenge ?? false);
  const back = () => window.location.assign(localizePath(lang, `/fiat/order/${orderId}`));

  const call = async (path: 'pay' | 'challenge', body: unknown) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api<Answer>(`/api/v1/sandbox/fiat/orders/${orderId}/${path}`, {
        lang,
        method: 'POST',
        body,
      });
      if (answer.outcome === 'challenge') {
        setChallenge(true);
        setBusy(false);
      } else back();
    } catch (error) {
      setProblem(fiatProblem(error, t('fiat.widget.failed')));
      setBusy(false);
    }
  };
  return { problem, busy, challenge, call };
}

/** The 3-D Secure step: pass or fail it. */
function ChallengeStep({
  problem,
  busy,
  onAnswer,
}: {
  problem: FiatProblem | null;
  busy: boolean;
  onAnswer: (passed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <section data-testid="checkout-3ds" aria-live="polite">
      <h2 className="text-xl font-semibold">{t('fiat.checkout.challengeTitle')}</h2>
      <p className="mt-2 text-muted">{t('fiat.checkout.challengeText')}</p>
      {problem && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {problem.message}
        </p>
      )}
      {/* A plain post without JavaScript (or before it ran); the buttons' code takes over after. */}
      <form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="challenge" />
        <Button
          type="submit"
          name="passed"
          value="true"
          loading={busy}
          data-testid="checkout-3ds-pass"
          onClick={(event) => {
            event.preventDefault();
            onAnswer(true);
          }}
        >
          {t('fiat.checkout.challengePass')}
        </Button>
        <Button
          type="submit"
          name="passed"
          value="false"
          color="secondary"
          disabled={busy}
          data-testid="checkout-3ds-fail"
          onClick={(event) => {
            event.preventDefault();
            onAnswer(false);
          }}
        >
          {t('fiat.checkout.challengeFail')}
        </Button>
      </form>
    </section>
  );
}

/** The card form: number, expiry and CVC, the test cards under it. */
function CardForm({
  problem,
  busy,
  onPay,
}: {
  problem: FiatProblem | null;
  busy: boolean;
  onPay: (card: Card) => void;
}) {
  const { t } = useTranslation();
  const ids = { number: useId(), expiry: useId(), cvc: useId() };
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '' });
  const input = (name: keyof Card, id: string, label: string, extra: object) => (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={`${field} mt-1`}
        value={card[name]}
        inputMode="numeric"
        aria-invalid={problem?.field === name || undefined}
        data-testid={`card-${name}`}
        onChange={(event) => setCard({ ...card, [name]: event.target.value })}
        {...extra}
      />
    </div>
  );
  return (
    <form
      method="post"
      data-testid="checkout-form"
      onSubmit={(event) => {
        event.preventDefault();
        onPay(card);
      }}
    >
      {input('number', ids.number, t('fiat.checkout.cardNumber'), {
        autoComplete: 'cc-number',
        placeholder: '4242 4242 4242 4242',
      })}
      <div className="mt-3 grid grid-cols-2 gap-3">
        {input('expiry', ids.expiry, t('fiat.checkout.expiry'), {
          autoComplete: 'cc-exp',
          placeholder: '12/34',
        })}
        {input('cvc', ids.cvc, t('fiat.checkout.cvc'), { autoComplete: 'cc-csc', placeholder: '123' })}
      </div>
      {problem && (
        <p className="mt-3 text-sm text-red-700" role="alert" data-testid="checkout-problem">
          {problem.message}
        </p>
      )}
      <Button type="submit" className="mt-4" block loading={busy} data-testid="checkout-pay">
        {t('fiat.checkout.pay')}
      </Button>
      <details className="mt-4 text-sm text-muted">
        <summary className="cursor-pointer">{t('fiat.checkout.testCards')}</summary>
        <ul className="mt-2 space-y-1 font-mono">
          <li>4242 4242 4242 4242 — {t('fiat.checkout.cardSuccess')}</li>
          <li>4000 0000 0000 0002 — {t('fiat.checkout.cardDecline')}</li>
          <li>4000 0000 0000 3220 — {t('fiat.checkout.card3ds')}</li>
        </ul>
      </details>
    </form>
  );
}

/**
 * The sandbox providers' hosted checkout: a card form that takes the test cards (4242… pays,
 * 4000…0002 is declined, 4000…3220 asks for a 3-D Secure step first). The provider books the
 * payment and tells our webhook, signed; then the visitor goes back to the order page.
 */
export function SandboxCheckout({
  orderId,
  payable,
  posted = null,
}: {
  orderId: string;
  payable: boolean;
  /** The plain post's answer (without JavaScript, or before it ran): the 3-D Secure step, or the reason. */
  posted?: SandboxCheckoutPosted | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { problem, busy, challenge, call } = useSandboxPayment(orderId, posted);
  if (!payable) {
    return (
      <p className="text-muted" data-testid="checkout-closed">
        {t('fiat.checkout.closed')}{' '}
        <a className="text-brand-700 underline" href={localizePath(lang, `/fiat/order/${orderId}`)}>
          {t('fiat.checkout.toOrder')}
        </a>
      </p>
    );
  }
  if (challenge) {
    return (
      <ChallengeStep
        problem={problem}
        busy={busy}
        onAnswer={(passed) => void call('challenge', { passed })}
      />
    );
  }
  return <CardForm problem={problem} busy={busy} onPay={(card) => void call('pay', card)} />;
}
