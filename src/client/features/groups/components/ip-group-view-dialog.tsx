import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IpGroup } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { ipGroupQuery } from '../api.js';
import { GroupLoading, GroupLoadFailed } from './ip-group-loading.js';
import { Modal, ModalActions } from '../../../components/modal.js';
import { Fact } from '../../../components/table-parts.js';
import { CountText, DateText } from './table-parts.js';

interface IpGroupViewDialogProps {
  id: number;
  /** Where the group's name is known before it loads (the list row). */
  name: string;
  readOnly: boolean;
  onEdit: () => void;
  onClose: () => void;
}

function GroupFacts({ group }: { group: IpGroup }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t('groups:columns.ips')}>
          <CountText value={group.ipCount} />
        </Fact>
        <Fact label={t('groups:columns.tasks')}>
          <CountText value={group.taskCount} />
        </Fact>
        <Fact label={t('groups:columns.updatedAt')}>
          <DateText iso={group.updatedAt} />
        </Fact>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{t('groups:ipGroup.addresses')}</h3>
      <ol aria-label={t('groups:ipGroup.addresses')} className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-800">
        {group.ips.map((ip) => (
          <li key={ip} className="break-all">
            {ip}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A matched-IP group's addresses and use, read afresh. */
export function IpGroupViewDialog({ id, name, readOnly, onEdit, onClose }: IpGroupViewDialogProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(ipGroupQuery(id));
  return (
    <Modal open wide title={data?.name ?? name} onClose={onClose}>
      {isPending && <GroupLoading />}
      {isError && <GroupLoadFailed onRetry={() => void refetch()} onClose={onClose} />}
      {data && (
        <>
          <GroupFacts group={data} />
          <ModalActions>
            <Button variant="secondary" onClick={onClose} data-autofocus>
              {t('groups:actions.close')}
            </Button>
            {!readOnly && <NetworkButton onClick={onEdit}>{t('groups:actions.edit')}</NetworkButton>}
          </ModalActions>
        </>
      )}
    </Modal>
  );
}
