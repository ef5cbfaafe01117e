const PROBE_ORIGIN = 'http://vigil.invalid';
const AUTH_PAGES = ['/login', '/sso'];

/**
 * Where to go after login: only a same-origin relative path (never another site, never back to an
 * auth page); anything else goes home.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\p{Cc}]/u.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  if (AUTH_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
