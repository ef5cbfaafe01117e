import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Space kept between a panel and the edge of a narrow screen. */
const VIEWPORT_MARGIN_PX = 8;

/**
 * A button and the panel it opens below itself (the account menu, the inbox bell): what Headless
 * UI's Menu and Popover did for the top bar, in a few lines, so the always-loaded layout does not
 * carry that library. The panel closes on Escape (focus back on the button), on a press outside and
 * when focus moves outside; it is shifted to stay on a narrow screen.
 */
export interface Popup {
  open: boolean;
  toggle: () => void;
  show: () => void;
  /** Closes the panel; with `returnFocus` focus goes back to the button (Escape, a chosen item). */
  close: (returnFocus?: boolean) => void;
  /** Wraps the button and the panel: what counts as inside. */
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  panelId: string;
  buttonId: string;
}

export function usePopup(): Popup {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const buttonId = useId();
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);
  useKeepInViewport(open, panelRef);
  return { open, toggle, show, close, rootRef, buttonRef, panelRef, panelId, buttonId };
}

function useDismiss(open: boolean, rootRef: RefObject<HTMLDivElement | null>, close: (returnFocus?: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !(rootRef.current?.contains(target) ?? false);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) close();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, rootRef, close]);
}

/** How far to move a panel sideways so that it stays `margin` inside a viewport `width` wide. */
export function shiftIntoViewport(left: number, right: number, width: number, margin = VIEWPORT_MARGIN_PX): number {
  if (left < margin) return margin - left;
  if (right > width - margin) return Math.max(width - margin - right, margin - left);
  return 0;
}

function useKeepInViewport(open: boolean, panelRef: RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const place = () => {
      panel.style.translate = '';
      const { left, right } = panel.getBoundingClientRect();
      const shift = shiftIntoViewport(left, right, document.documentElement.clientWidth);
      if (shift !== 0) panel.style.translate = `${shift}px 0`;
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, panelRef]);
}

/** The item a menu key moves to among `count` items from `current` (-1: none yet), or null for other keys. */
export function menuIndexAfter(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count;
  if (key === 'ArrowUp') return current < 0 ? count - 1 : (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
