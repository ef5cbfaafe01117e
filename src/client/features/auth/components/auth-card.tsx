import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../components/icons.js';
import { LanguageSwitch } from '../../../components/language-switch.js';

/** Frame of the public pages: brand, language switch and one card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header data-top-bar="" className="flex items-center justify-between px-4 py-3">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          <LogoMark />
          {t('appName')}
        </span>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-10 sm:pt-20">
        <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="mb-6 text-lg font-semibold text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
