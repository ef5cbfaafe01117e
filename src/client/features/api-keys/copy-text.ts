import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long "copied" stays on the button. */
const COPIED_SHOWN_MS = 2000;

/**
 * Copies text to the clipboard and says how it went; where the browser refuses (no clipboard, not
 * a secure page), the caller selects the text so the user can copy it by hand.
 */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
      return true;
    } catch {
      setState('failed');
      return false;
    }
  };
  return { state, copy };
}
