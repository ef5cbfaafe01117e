let started = false;

/**
 * Registers the console's service worker once the page has loaded and painted, in production builds only (the
 * dev server and unit tests run without one). Without support (or in a private window that refuses
 * it) the console simply works online.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () => {
    import('./register-service-worker.js')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn('The service worker could not be registered; the console works online only.', error));
  };
  // After the next frame: a cold start calls this as its first screen commits, and registering
  // (a script to load, a worker to check) must not delay that screen's paint.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(register, 0));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}
