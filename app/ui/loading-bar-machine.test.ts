import { describe, expect, it } from 'vitest';
import { type LoadingBarEvent, type LoadingBarPhase, loadingBarStep } from './loading-bar-machine.ts';

function run(events: LoadingBarEvent[]): { phase: LoadingBarPhase; timers: (number | null)[] } {
  let phase: LoadingBarPhase = 'idle';
  const timers: (number | null)[] = [];
  for (const event of events) {
    const step = loadingBarStep(phase, event);
    phase = step.phase;
    timers.push(step.timerMs);
  }
  return { phase, timers };
}

describe('loadingBarStep', () => {
  it('never shows for navigations shorter than the 200 ms throttle', () => {
    expect(run(['start', 'finish'])).toEqual({ phase: 'idle', timers: [200, null] });
  });

  it('shows after the throttle, stays 500 ms after finishing, resets 400 ms after hiding', () => {
    expect(run(['start', 'timer'])).toMatchObject({ phase: 'growing' });
    expect(run(['start', 'timer', 'finish'])).toMatchObject({ phase: 'finishing', timers: [200, null, 500] });
    expect(run(['start', 'timer', 'finish', 'timer'])).toMatchObject({
      phase: 'hiding',
      timers: [200, null, 500, 400],
    });
    expect(run(['start', 'timer', 'finish', 'timer', 'timer']).phase).toBe('idle');
  });

  it('grows again at once when a navigation starts while it finishes', () => {
    expect(run(['start', 'timer', 'finish', 'start']).phase).toBe('growing');
    expect(run(['start', 'timer', 'finish', 'timer', 'start']).phase).toBe('growing');
  });

  it('ignores stray events', () => {
    expect(run(['finish', 'timer']).phase).toBe('idle');
    expect(run(['start', 'start']).phase).toBe('waiting');
  });
});
