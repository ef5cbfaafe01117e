let started = false;

/**
 * Registers the console's service worker once the page has loaded, in production builds only (the
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
