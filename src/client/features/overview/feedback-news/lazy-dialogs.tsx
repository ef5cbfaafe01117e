import { lazy, useEffect, useRef } from 'react';

// The dialogs (and Headless UI's Dialog under them) load when one is first opened, so the
// overview's first screen does not carry them; the service worker precaches them for offline use.
export const NewsDialog = lazy(async () => ({ default: (await import('./news-dialog.js')).NewsDialog }));
export const FeedbackDialog = lazy(async () => ({ default: (await import('./feedback-dialog.js')).FeedbackDialog }));

/**
 * Focus back on the control that opened a lazily loaded dialog once it closed: Headless UI
 * returns focus to what was focused when its code first ran, which for a dialog loaded on the
 * opening click is not the opener. `open` is whether the dialog is shown.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!open && wasOpen.current) {
      const element = opener.current;
      opener.current = null;
      // After Headless UI's own attempt in the same frame.
      requestAnimationFrame(() => {
        if (element?.isConnected) element.focus();
      });
    }
    wasOpen.current = open;
  }, [open]);
}
