import { useTranslation } from 'react-i18next';
import { DNS_RECORD_TYPES } from '../../../../shared/probe/options.js';
import type { DnsRecordType } from '../form-values.js';
import { WELL_KNOWN_DNS_SERVERS } from '../../../../shared/index.js';
import { withDnsServer } from '../list-entries.js';
import { TASK_TYPE_SPECS } from '../task-types.js';
import { EntryList } from './entry-list.js';
import { FormSection, SelectInput, fieldId, useErrorText, type SectionProps } from './form-controls.js';

const RECORD_TYPE_OPTIONS = DNS_RECORD_TYPES.map((type) => ({ value: type, label: type }));

/** DNS tasks: which record to ask for and which servers to ask (at least one). */
export function DnsFields({ type, values, errors, setField, setFieldError, disabled }: SectionProps) {
  const { t } = useTranslation();
  const serversError = useErrorText(errors.dnsServers);
  const recordError = useErrorText(errors.recordType);
  if (!TASK_TYPE_SPECS[type].isDns) return null;
  const offered = WELL_KNOWN_DNS_SERVERS.filter((server) => !values.dnsServers.includes(server.address));
  return (
    <FormSection title={t('taskform:sections.dns')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          id={fieldId('recordType')}
          label={t('taskform:fields.recordType')}
          value={values.recordType}
          options={RECORD_TYPE_OPTIONS}
          onValueChange={(value) => setField('recordType', value as DnsRecordType)}
          hint={t('taskform:hints.recordType')}
          error={recordError}
          disabled={disabled}
        />
        <div className="flex flex-col gap-4 sm:col-span-2">
          <EntryList
            id={fieldId('dnsServers')}
            label={t('taskform:fields.dnsServers')}
            entries={values.dnsServers}
            onEntries={(servers) => setField('dnsServers', servers)}
            add={withDnsServer}
            onError={(error) => setFieldError('dnsServers', error)}
            error={serversError}
            hint={t('taskform:hints.dnsServers')}
            addLabel={t('taskform:entries.add')}
            removeLabel={(server) => t('taskform:dns.remove', { server })}
            emptyText={t('taskform:dns.none')}
            disabled={disabled}
          />
          {offered.length > 0 && (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-medium text-slate-600">{t('taskform:dns.wellKnown')}</p>
              <ul className="flex flex-wrap gap-2">
                {offered.map((server) => (
                  <li key={server.address}>
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => setField('dnsServers', [...values.dnsServers, server.address])}
                      aria-label={t('taskform:dns.addWellKnown', { server: server.address, provider: server.provider })}
                      className="focus-ring rounded-full border border-slate-300 bg-white px-3 py-1 text-xs text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed"
                    >
                      + {server.address} <span className="text-slate-500">{server.provider}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </FormSection>
  );
}
