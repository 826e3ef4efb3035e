import { REPLAY_SCRIPT } from './replay.ts';

/** The inline script that holds early submits of `data-replay` forms (app/forms/replay.ts). */
export function FormReplay({ nonce }: { nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, with the page's nonce.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: REPLAY_SCRIPT }} />;
}
