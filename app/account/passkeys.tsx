import { useState } from 'react';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { useHydrated } from '../ui/hooks.ts';
import { TextInput } from '../ui/TextInput.tsx';
import { Notice } from './parts.tsx';

/**
 * Passkeys in the browser (docs/decisions/013): the ceremonies run against Better Auth's passkey
 * endpoints under `/account/api/auth/passkey/*` (same origin, the area's cookies), with
 * SimpleWebAuthn's browser half loaded on the click. They need JavaScript and WebAuthn, so the
 * buttons appear only once the page is hydrated in a browser that has `PublicKeyCredential`;
 * every other form of the area stays a plain HTML form post.
 */
const PASSKEY_API = '/account/api/auth/passkey';

/** Why a ceremony did not end in a session or a new passkey: an `account.errors.*` key. */
type PasskeyError = 'passkeyCancelled' | 'passkeyUnknown' | 'passkeyStale' | 'passkeyFailed' | 'locked';

function useWebAuthn(): boolean {
  const hydrated = useHydrated();
  return hydrated && typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The error of an answer from the passkey endpoints. */
async function failureOf(response: Response): Promise<PasskeyError> {
  if (response.status === 429) return 'locked';
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  if (body?.code === 'PASSKEY_NOT_FOUND') return 'passkeyUnknown';
  if (body?.code === 'SESSION_NOT_FRESH' || response.status === 403) return 'passkeyStale';
  return 'passkeyFailed';
}

/** The browser's own refusal (the person cancelled, the time ran out, no passkey on this device). */
function browserFailure(error: unknown): PasskeyError {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'AbortError' ? 'passkeyCancelled' : 'passkeyFailed';
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`${PASSKEY_API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

/** "Sign in with a passkey" under the sign-in form: a new session, then the account's home. */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const lang = useLang();
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PasskeyError | null>(null);
  if (!supported) return null;

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await fetch(`${PASSKEY_API}/generate-authenticate-options`, {
        credentials: 'same-origin',
      });
      if (!options.ok) return setError(await failureOf(options));
      let answer: unknown;
      try {
        answer = await startAuthentication({ optionsJSON: await options.json() });
      } catch (failure) {
        return setError(browserFailure(failure));
      }
      const verified = await postJson('verify-authentication', { response: answer });
      if (!verified.ok) return setError(await failureOf(verified));
      window.location.assign(localizePath(lang, '/account'));
    } catch {
      setError('passkeyFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="passkey-sign-in">
      <p className="text-center text-sm text-muted">{t('account.passkeys.or')}</p>
      {error ? <Notice tone="error">{t(`account.errors.${error}`)}</Notice> : null}
      <Button type="button" color="secondary" block loading={busy} onClick={signIn}>
        {t('account.passkeys.signIn')}
      </Button>
    </div>
  );
}

/** "Add a passkey" on the account's security section: registered for the signed-in user. */
export function PasskeyAdd() {
  const { t } = useTranslation();
  const lang = useLang();
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PasskeyError | null>(null);
  const [name, setName] = useState('');
  if (!supported) {
    return (
      <p className="text-sm text-muted" data-testid="passkey-needs-script">
        {t('account.passkeys.needsScript')}
      </p>
    );
  }

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await fetch(`${PASSKEY_API}/generate-register-options`, { credentials: 'same-origin' });
      if (!options.ok) return setError(await failureOf(options));
      let answer: unknown;
      try {
        answer = await startRegistration({ optionsJSON: await options.json() });
      } catch (failure) {
        return setError(browserFailure(failure));
      }
      const label = name.trim().slice(0, 60);
      const verified = await postJson('verify-registration', {
        response: answer,
        ...(label ? { name: label } : {}),
      });
      if (!verified.ok) return setError(await failureOf(verified));
      window.location.assign(`${localizePath(lang, '/account')}?passkey=added`);
    } catch {
      setError('passkeyFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="passkey-add">
      {error ? <Notice tone="error">{t(`account.errors.${error}`)}</Notice> : null}
      <TextInput
        name="passkeyName"
        label={t('account.passkeys.name')}
        description={t('account.passkeys.nameHint')}
        autoComplete="off"
        optional
        maxLength={60}
        clearable={false}
        value={name}
        onValueChange={setName}
      />
      <Button type="button" block loading={busy} onClick={add}>
        {t('account.passkeys.add')}
      </Button>
    </div>
  );
}
