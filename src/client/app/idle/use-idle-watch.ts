import { useCallback, useEffect, useRef, useState } from 'react';
import { WAKE_THROTTLE_MS, idleStep } from './idle-schedule.js';
import { SharedIdleTimes, browserIdleStorage } from './shared-idle-times.js';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const TICK_MS = 1_000;

/** Pointer and keys inside the dialog (marked data-idle-dialog) are for its buttons, not a return. */
function insideIdleDialog(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('[data-idle-dialog]') !== null;
}

interface IdleWatchOptions {
  idleSeconds: number;
  wake: () => void;
  onTimeout: () => void;
}

/** Idle (§4): a countdown runs at the end of the idle time, then onTimeout; activity in any tab ends it. */
export function useIdleWatch({ idleSeconds, wake, onTimeout }: IdleWatchOptions) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // The watch starts when the session screen mounts, right after the server heard from us.
  const [times] = useState(() => new SharedIdleTimes(browserIdleStorage(), Date.now()));
  const counting = useRef(false);

  const wakeNow = useCallback(() => {
    times.noteWake(Date.now());
    wake();
  }, [times, wake]);

  const stay = useCallback(() => {
    times.noteActivity(Date.now());
    counting.current = false;
    setSecondsLeft(null);
    wakeNow();
  }, [times, wakeNow]);

  useEffect(() => {
    const onActivity = (event: Event) => {
      if (counting.current) return insideIdleDialog(event) ? undefined : stay();
      const now = Date.now();
      times.noteActivity(now);
      if (now - times.current.lastWake >= WAKE_THROTTLE_MS) wakeNow();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [times, stay, wakeNow]);

  useEffect(() => {
    if (!(idleSeconds > 0)) return undefined;
    const timer = window.setInterval(() => {
      const now = Date.now();
      const step = idleStep({ now, ...times.sync(now), idleSeconds });
      if (step.kind === 'wake') wakeNow();
      counting.current = step.kind === 'countdown';
      setSecondsLeft(step.kind === 'countdown' ? step.secondsLeft : null);
      if (step.kind === 'countdown' && step.secondsLeft === 0) {
        window.clearInterval(timer);
        onTimeout();
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [idleSeconds, onTimeout, times, wakeNow]);

  return { secondsLeft, stay };
}
