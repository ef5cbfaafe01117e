import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs`: typing or clicking asks the server once it pauses. */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
