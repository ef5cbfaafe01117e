import type { FailedImportRow } from '../../../shared/calls/domain-import.js';
import { FREQUENCIES_MINUTES, type Language } from '../../../shared/constants.js';
import { importColumnHeaderKey } from '../../../shared/import/template.js';
import type { ImportRow } from './read-file.js';
import type { RowFailure } from './row-failure.js';
import { hasImportText, importText } from './texts.js';

/** The failure's own words: `import:row.<kind>` when it has one, a range when it has bounds, else the code's catalogue text. */
function failureText(failure: RowFailure, language: Language): string {
  const { message, ...params } = failure.params ?? {};
  const kind = typeof params.kind === 'string' ? params.kind : undefined;
  let text: string;
  if (kind !== undefined && hasImportText(language, `import:row.${kind}`)) {
    text = importText(language, `import:row.${kind}`, { values: FREQUENCIES_MINUTES.join(', '), ...params });
  }
  else if (failure.errcode === 10010003 && params.min !== undefined && params.max !== undefined) text = importText(language, 'import:row.range', params);
  else text = importText(language, `errors:${failure.errcode}`, { ...params, ...(kind === undefined ? {} : { context: kind }) });
  // An entry of a list cell (a DNS server, a tag, an IP) is named after the code's text.
  if (kind === undefined && params.entry !== undefined) text = importText(language, 'import:row.withEntry', { text, entry: params.entry });
  // §8: a code's text with the server's message appended.
  return message === undefined || message === '' ? text : importText(language, 'common:errorText.withMessage', { text, message });
}

/** A failed row as the inbox and the failed-rows file show it: errmessage is "<column header>: <text>" in `language`. */
export function failedRowOf(row: ImportRow, failure: RowFailure, language: Language): FailedImportRow {
  const text = failureText(failure, language);
  const errmessage = failure.field
    ? importText(language, 'common:errorText.field', { field: importText(language, importColumnHeaderKey(failure.field)), text })
    : text;
  return { protocol: row.sheet, row: row.row, domain: row.cells.domain, port: row.cells.port, errcode: failure.errcode, errmessage };
}
