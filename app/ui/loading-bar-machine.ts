import { LOADING_INDICATOR } from './constants.ts';

/**
 * The top loading indicator's phases:
 * - `idle`: nothing to show;
 * - `waiting`: a navigation started, the bar shows only if it lasts past the throttle;
 * - `growing`: shown, growing towards the end over the duration;
 * - `finishing`: the navigation ended, the bar fills, then waits the hide delay;
 * - `hiding`: fading out, then reset to empty after the reset delay.
 */
export type LoadingBarPhase = 'idle' | 'waiting' | 'growing' | 'finishing' | 'hiding';

export type LoadingBarEvent = 'start' | 'finish' | 'timer';

export interface LoadingBarStep {
  phase: LoadingBarPhase;
  /** Run `timer` after this many ms (null: no timer). */
  timerMs: number | null;
}

/** The next phase after an event, and the timer to arm for it. */
export function loadingBarStep(phase: LoadingBarPhase, event: LoadingBarEvent): LoadingBarStep {
  const { throttleMs, hideDelayMs, resetDelayMs } = LOADING_INDICATOR;
  switch (event) {
    case 'start':
      // A new navigation while finishing or hiding shows the bar again at once.
      if (phase === 'idle') return { phase: 'waiting', timerMs: throttleMs };
      if (phase === 'finishing' || phase === 'hiding') return { phase: 'growing', timerMs: null };
      return { phase, timerMs: null };
    case 'finish':
      if (phase === 'waiting') return { phase: 'idle', timerMs: null };
      if (phase === 'growing') return { phase: 'finishing', timerMs: hideDelayMs };
      return { phase, timerMs: null };
    case 'timer':
      if (phase === 'waiting') return { phase: 'growing', timerMs: null };
      if (phase === 'finishing') return { phase: 'hiding', timerMs: resetDelayMs };
      if (phase === 'hiding') return { phase: 'idle', timerMs: null };
      return { phase, timerMs: null };
  }
}
