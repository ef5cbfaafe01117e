import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { WaitingPage } from '../components/status-page.js';
import { getSessionState, endSession } from '../lib/session-storage.js';
import { useSessionState } from '../lib/use-session-state.js';
import { inboxListQuery } from '../features/inbox/index.js';
import { loginPathFor, safeRedirectTarget, userInfoQuery } from '../features/auth/index.js';
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
  if (token) return <SessionGate key={token} />;
  if (phase === 'expiring') return <WaitingPage textKey="session.expired" />;
  if (phase === 'signedOut') return <Navigate to="/login" replace />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
}

/** Loads user info and inbox before any session screen (§4); a failed load ends the session and goes to "/". */
function SessionGate() {
  const navigate = useNavigate();
  const user = useQuery(userInfoQuery());
  const inbox = useQuery(inboxListQuery());
  const failed = user.isError || inbox.isError;

  useEffect(() => {
    // A 401 has its own way out (the expiring phase); only end sessions still active.
    if (!failed || getSessionState().phase !== 'active') return;
    endSession('signedOut');
    void navigate('/', { replace: true });
  }, [failed, navigate]);

  const session = useMemo<Session | null>(
    () => (user.data ? { user: user.data, adminMode: user.data.adminToken !== undefined } : null),
    [user.data],
  );
  if (!session || inbox.isPending) return <WaitingPage textKey={failed ? 'session.loadFailed' : 'session.loading'} />;
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
