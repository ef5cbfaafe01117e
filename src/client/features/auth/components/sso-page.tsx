import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dismissErrorNotifications } from '../../../components/notification-store.js';
import { startSession } from '../../../lib/session-storage.js';
import { loginWithSsoCode } from '../api.js';
import { AuthCard } from './auth-card.js';

type SsoState = 'working' | 'failed';

/** /sso?code=…: single sign-on of an administrator coming from the management platform. */
export function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<SsoState>(code ? 'working' : 'failed');
  // The code is single-use: never send it twice, even when effects run twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    loginWithSsoCode(code).then(
      ({ token }) => {
        dismissErrorNotifications();
        startSession(token);
        navigate('/', { replace: true });
      },
      () => setState('failed'),
    );
  }, [code, navigate]);

  return (
    <AuthCard title={t('sso.title')}>
      {state === 'working' ? (
        <p role="status" className="text-sm text-slate-700">
          {t('sso.inProgress')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {/* The notification already announces the failure; this text stays for reading. */}
          <p className="text-sm text-status-error">
            {t('errors:2012')}
          </p>
          <Link to="/login" className="focus-ring rounded text-sm font-medium text-brand-700 underline">
            {t('sso.toLogin')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
