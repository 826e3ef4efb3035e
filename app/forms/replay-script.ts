/**
 * No submit is lost while the page's code loads (docs/decisions/015). Most forms post natively
 * before hydration (a route action answers them). A form that needs its code for the write (a
 * human check's token) carries `data-replay`: the small script below, inline in the document's
 * head, holds its submit until the form's component runs, which then replays it. Should the code
 * never come, a held form with a route action is posted natively after REPLAY_FALLBACK_MS, so
 * nothing is dropped (a form without one says on the page that it needs JavaScript).
 */
export const REPLAY_FALLBACK_MS = 15_000;

/** The attribute a hydrated form gets: its submits are its component's from then on. */
export const LIVE_ATTRIBUTE = 'data-live';

/** The inline script: holds submits of `form[data-replay]` that no component has claimed yet. */
export const REPLAY_SCRIPT = `(()=>{const h=window.__heldSubmits=[];document.addEventListener('submit',e=>{const f=e.target;if(!f.hasAttribute?.('data-replay')||f.hasAttribute('${LIVE_ATTRIBUTE}'))return;e.preventDefault();if(h.includes(f))return;h.push(f);setTimeout(()=>{const i=h.indexOf(f);if(i<0||f.hasAttribute('${LIVE_ATTRIBUTE}')||!f.hasAttribute('action'))return;h.splice(i,1);HTMLFormElement.prototype.submit.call(f)},${REPLAY_FALLBACK_MS})},!0)})()`;
