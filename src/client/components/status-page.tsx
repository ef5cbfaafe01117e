import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

interface StatusPageProps {
  code: string;
  titleKey: string;
  descriptionKey: string;
}

function StatusPage({ code, titleKey, descriptionKey }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <p className="text-5xl font-bold text-slate-300" aria-hidden="true">
        {code}
      </p>
      <h1 className="text-xl font-semibold text-slate-900">{t(titleKey)}</h1>
      <p className="text-sm text-slate-600">{t(descriptionKey)}</p>
      <Link to="/" className="focus-ring rounded text-sm font-medium text-brand-700 underline">
        {t('statusPage.home')}
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return <StatusPage code="404" titleKey="statusPage.notFoundTitle" descriptionKey="statusPage.notFoundText" />;
}

export function ForbiddenPage() {
  return <StatusPage code="403" titleKey="statusPage.forbiddenTitle" descriptionKey="statusPage.forbiddenText" />;
}

/** Full-page wait while the session loads or ends. */
export function WaitingPage({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center p-6 text-sm text-slate-600">
      {t(textKey)}
    </div>
  );
}
