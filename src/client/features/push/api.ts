import { queryOptions } from '@tanstack/react-query';
import { API_BASE, CALL_ROUTES, LIMITS } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { getToken } from '../../lib/session-storage.js';

export const pushQueryKey = ['push'] as const;

/** The server's VAPID public key; it changes only when the operator replaces it. */
export function pushKeyQuery() {
  return queryOptions({
    queryKey: [...pushQueryKey, 'key'],
    queryFn: ({ signal }) => request('pushKey', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether this device's endpoint is subscribed for the signed-in user (and whether the session may subscribe). */
export function pushStatusQuery(endpoint: string | null) {
  return queryOptions({
    queryKey: [...pushQueryKey, 'status', endpoint],
    queryFn: ({ signal }) => request('pushStatus', endpoint === null ? {} : { endpoint }, { signal }),
  });
}

const apiBase: string = import.meta.env.VITE_API_BASE ?? API_BASE;

/**
 * Tells the server this device no longer wants pushes, while a session ends: without the api
 * client's notices and 401 handling (the session is ending already), and ignoring any failure
 * (the push service answers 410 for an unsubscribed endpoint, which removes it on the server).
 */
export async function forgetEndpointQuietly(endpoint: string): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    await fetch(`${apiBase}${CALL_ROUTES.pushUnsubscribe.path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ endpoint }),
      signal: AbortSignal.timeout(Math.min(LIMITS.requestTimeoutMs, 3_000)),
    });
  } catch {
    // Offline or the server out of reach: the browser side is dropped anyway.
  }
}
