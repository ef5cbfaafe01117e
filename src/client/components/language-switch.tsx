import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/index.js';
import { currentLanguage, switchLanguage } from '../lib/i18n.js';
import { isLanguage } from '../lib/language.js';

/** Native select: keyboard and screen readers handle it everywhere, down to 360 px. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) switchLanguage(event.target.value);
        }}
        className="focus-ring max-w-28 rounded-md border border-slate-300 bg-white py-1.5 pr-6 pl-2 text-sm text-slate-800"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
