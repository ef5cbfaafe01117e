import type { i18n } from 'i18next';
import enCommon from '../../../../locales/en/common.json' with { type: 'json' };
import enErrors from '../../../../locales/en/errors.json' with { type: 'json' };
import enImport from '../../../../locales/en/import.json' with { type: 'json' };
import cnCommon from '../../../../locales/zh-cn/common.json' with { type: 'json' };
import cnErrors from '../../../../locales/zh-cn/errors.json' with { type: 'json' };
import cnImport from '../../../../locales/zh-cn/import.json' with { type: 'json' };
import twCommon from '../../../../locales/zh-tw/common.json' with { type: 'json' };
import twErrors from '../../../../locales/zh-tw/errors.json' with { type: 'json' };
import twImport from '../../../../locales/zh-tw/import.json' with { type: 'json' };
import type { Language } from '../../../shared/constants.js';
import { serverI18n } from '../../texts/server-i18n.js';

/**
 * The server's i18next for import files: the console's own `import`, `errors` and `common` texts,
 * so a template's headers, a refused file's message and a failed row's errmessage read as the
 * console would say them. Plain text (a spreadsheet cell, an envelope message): nothing escaped.
 */

const RESOURCES = {
  'zh-tw': { import: twImport, errors: twErrors, common: twCommon },
  'zh-cn': { import: cnImport, errors: cnErrors, common: cnCommon },
  en: { import: enImport, errors: enErrors, common: enCommon },
};

let instance: i18n | undefined;

function texts(): i18n {
  instance ??= serverI18n({ ns: ['import', 'errors', 'common'], resources: RESOURCES, interpolation: { escapeValue: false } });
  return instance;
}

export type TextParams = Record<string, string | number>;

/** A text of the namespaces above (`import:file.noRows`, `errors:2104`) in the language. */
export function importText(language: Language, key: string, params: TextParams = {}): string {
  return texts().t(key, { ...params, lng: language });
}

export function hasImportText(language: Language, key: string): boolean {
  return texts().exists(key, { lng: language });
}
