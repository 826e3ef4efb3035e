/** How often a status page reloads itself without JavaScript (the live view polls every 3 s). */
export const NO_SCRIPT_REFRESH_SECONDS = 10;

/**
 * A status page without JavaScript reloads itself until its record is final (docs/decisions/015):
 * React renders a `<meta>` inside `<noscript>` in place, and the browser acts on it only when it
 * runs no scripts; with them, the live view polls instead.
 */
export function NoScriptRefresh({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
    </noscript>
  );
}
