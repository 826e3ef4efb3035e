import { REPLAY_SCRIPT } from './replay-script.ts';

/**
 * The inline script that holds early submits of `data-replay` forms (./replay-script.ts, ./replay.ts). Only the
 * server writes its text: it has run by the time the browser hydrates, so the client bundle does
 * not carry it (React leaves a hydrated script's content alone).
 */
export function FormReplay({ nonce }: { nonce: string | undefined }) {
  const script = import.meta.env.SSR ? REPLAY_SCRIPT : '';
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, with the page's nonce.
      dangerouslySetInnerHTML={{ __html: script }}
    />
  );
}
