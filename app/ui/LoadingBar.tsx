import { type CSSProperties, useEffect, useReducer } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { LOADING_INDICATOR } from './constants.ts';
import { useIsomorphicLayoutEffect } from './hooks.ts';
import { type LoadingBarEvent, type LoadingBarPhase, loadingBarStep } from './loading-bar-machine.ts';

/** How far the bar grows while the navigation lasts; the rest is filled when it ends. */
const GROWN = 0.9;

interface State {
  phase: LoadingBarPhase;
  timerMs: number | null;
  /** Counts transitions, so an equal timer after a new transition is armed again. */
  step: number;
  /** Growing has begun (set a frame after showing, so the width transition has a start). */
  started: boolean;
}

function reducer(state: State, event: LoadingBarEvent | 'started'): State {
  if (event === 'started') return state.phase === 'growing' ? { ...state, started: true } : state;
  const next = loadingBarStep(state.phase, event);
  if (next.phase === state.phase && next.timerMs === null) return state;
  return {
    phase: next.phase,
    timerMs: next.timerMs,
    step: state.step + 1,
    // Every (re)start of growing begins from empty.
    started: false,
  };
}

/**
 * The top loading indicator (SPEC §9) driven by React Router's navigation state: shown only for
 * navigations longer than 200 ms, grows over about 2000 ms, 3 px high, fills and stays 500 ms after
 * the navigation ends, fades out, and resets 400 ms later.
 */
export function LoadingBar({ color, testId = 'loading-bar' }: { color?: string; testId?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [state, dispatch] = useReducer(reducer, { phase: 'idle', timerMs: null, step: 0, started: false });

  useEffect(() => {
    dispatch(busy ? 'start' : 'finish');
  }, [busy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step arms its own timer.
  useEffect(() => {
    if (state.timerMs === null) return;
    const timer = setTimeout(() => dispatch('timer'), state.timerMs);
    return () => clearTimeout(timer);
  }, [state.step]);

  useIsomorphicLayoutEffect(() => {
    if (state.phase !== 'growing' || state.started) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => dispatch('started')));
    return () => cancelAnimationFrame(frame);
  }, [state.phase, state.started]);

  const { phase, started } = state;
  const visible = phase === 'growing' || phase === 'finishing';
  let scale = 0;
  let transition = 'none';
  if (phase === 'growing' && started) {
    scale = GROWN;
    transition = `transform ${LOADING_INDICATOR.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`;
  } else if (phase === 'finishing' || phase === 'hiding') {
    scale = 1;
    transition = 'transform 200ms ease-out';
  }
  const style: CSSProperties = {
    height: LOADING_INDICATOR.heightPx,
    opacity: visible ? 1 : 0,
    transition: `opacity ${LOADING_INDICATOR.resetDelayMs}ms ease-out`,
  };
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={style}
      data-testid={testId}
      data-phase={phase}
      role="progressbar"
      aria-label={t('ui.loadingBar.label')}
      aria-hidden={visible ? undefined : true}
      aria-busy={phase === 'growing' || undefined}
    >
      <div
        className="h-full origin-left bg-brand-500 motion-reduce:transition-none"
        style={{ transform: `scaleX(${scale})`, transition, backgroundColor: color }}
      />
    </div>
  );
}
