import { useNonce } from '../lib/nonce.ts';

/** Structured data for search engines, escaped so no text can close the script element. */
export function JsonLd({ data }: { data: object }) {
  // A data block, not a script; it carries the response's nonce like every other script element.
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, escaped above; React would entity-encode it
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
