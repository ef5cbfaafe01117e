import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { UserInfo } from '../../shared/index.js';
import { WaitingPage } from '../components/status-page.js';
import { useConnectionProblem } from '../lib/offline/connection.js';
import { announceSignedIn } from '../lib/offline/identity.js';
import { endSessionAfterCleanup, isSessionEnding } from '../lib/session-end.js';
import { getSessionState, endSession } from '../lib/session-storage.js';
import { useSessionState } from '../lib/use-session-state.js';
import { inboxListQuery } from '../features/inbox/index.js';
import { loginPathFor, safeRedirectTarget, userInfoQuery } from '../features/auth/index.js';
import { OfflineStartPage } from './offline/offline-start-page.js';
import { sessionLoadFailureOf } from './session-load.js';
import { SessionContext, type Session } from './session-context.js';

/** Routes only for visitors without a token (/login): with one, go on to the redirect target. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSessionState();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirectTarget(params.get('redirect'))} replace />;
  return children;
}

/** Session routes: without a token, go to /login (with the way back when the visitor never signed in). */
export function RequireToken() {
  const { token, phase } = useSessionState();
  const location = useLocation();
  // Keyed by token: a new user (say, signed in from another tab) gets a fresh gate and fresh screens.
  if (token) return <SessionGate key={token} token={token} />;
  if (phase === 'expiring') return <WaitingPage textKey="session.expired" />;
  if (phase === 'signedOut') return <Navigate to="/login" replace />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
}

/** The refused session ends (its cleanup first) and the console goes to "/", which leads to /login. */
function useEndRefusedSession(refused: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    // A 401 has its own way out (the expiring phase); only end sessions still active.
    if (!refused || getSessionState().phase !== 'active' || isSessionEnding()) return;
    void endSessionAfterCleanup({ reason: 'refused', fromOtherTab: false, dropToken: () => endSession('signedOut') }).then(() =>
      navigate('/', { replace: true }),
    );
  }, [refused, navigate]);
}

/** Who is signed in with this token, kept beside it: a cold start without network opens their last-known data. */
function useAnnounceIdentity(token: string, user: UserInfo | undefined): void {
  useEffect(() => {
    if (user) announceSignedIn(token, { custId: user.custId, userId: user.id });
  }, [token, user]);
}

/**
 * Loads user info and inbox before any session screen (§4). A refusal ends the session and goes to
 * "/". A cold start with last-known user info opens the shell on it at once, whatever the network
 * does (the inbox follows, and a refusal still ends the session); with none saved and no
 * connection, a page says so and offers a retry.
 */
function SessionGate({ token }: { token: string }) {
  const user = useQuery(userInfoQuery());
  // The screens mount after the restore (app.tsx): user info already here is the device's copy.
  const [openedOnKeptUser] = useState(() => user.data !== undefined);
  const inbox = useQuery(inboxListQuery());
  const problem = useConnectionProblem();
  const userFailure = sessionLoadFailureOf(user.error);
  const refused = userFailure === 'refused' || sessionLoadFailureOf(inbox.error) === 'refused';
  useEndRefusedSession(refused);
  useAnnounceIdentity(token, user.data);

  const session = useMemo<Session | null>(
    () => (user.data ? { user: user.data, adminMode: user.data.adminToken !== undefined } : null),
    [user.data],
  );
  // Waiting while the server is only in doubt (the device said offline, a probe is asking) is loading.
  const unreachable = userFailure === 'unreachable' || (user.fetchStatus === 'paused' && problem !== null);
  if (!session && unreachable && !refused) return <OfflineStartPage onRetry={() => void user.refetch()} />;
  // Only the first load is waited for: a refetch after a failure (the bell mounting) must not take the screens away again.
  const inboxLoading = !openedOnKeptUser && inbox.isPending && inbox.fetchStatus === 'fetching' && inbox.errorUpdateCount === 0;
  if (!session || inboxLoading || refused) return <WaitingPage textKey={refused ? 'session.loadFailed' : 'session.loading'} />;
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
