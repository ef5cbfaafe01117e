import { queryOptions } from '@tanstack/react-query';
import type { LoginBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

export const userInfoQueryKey = ['session', 'userInfo'] as const;

/**
 * The signed-in user (POST /profile); it changes only through the profile form, which replaces it.
 * Persisted with the last-known data: the signed-in shell (menu, privileges, admin mode) needs it
 * to open without network. A restored copy is asked again once the network allows.
 */
export function userInfoQuery() {
  return queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => request('profile', undefined, { signal }),
    staleTime: Infinity,
    meta: { persist: true },
  });
}

/** The sign-in form says in place when the server cannot be reached (no banner on that page). */
export function login(body: LoginBody) {
  return request('login', body, { explainsUnreachable: true });
}

export function loginWithSsoCode(authCode: string) {
  return request('loginSso', { authCode });
}

export function logout() {
  return request('logout');
}

export function wakeSession() {
  return request('wakening');
}

export function managementPlatformUrl() {
  return request('ssoReturn');
}
