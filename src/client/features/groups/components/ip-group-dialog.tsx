import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IP_GROUP_MAX_IPS, type FieldError, type IpGroup } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorText } from '../../../lib/error-text.js';
import { createIpGroup, ipGroupQuery, refreshAfterIpGroupChange, replaceIpGroup } from '../api.js';
import { groupFailureOf } from '../failures.js';
import { checkIpGroupForm, type IpGroupFormValues } from '../ip-group-form.js';
import { checkIpLines, ipTextOf, linesOfIpErrors, type InvalidIpLine } from '../ip-lines.js';
import { IpLinesField } from './ip-lines-field.js';
import { GroupLoading, GroupLoadFailed } from './ip-group-loading.js';
import { Modal, ModalActions } from '../../../components/modal.js';

const NOT_FOUND = 2112;

/** What the server said about the last save, shown until the next one. */
interface ServerProblems {
  name?: string | undefined;
  invalidLines: InvalidIpLine[];
  list?: string | undefined;
  gone: boolean;
}

const NO_PROBLEMS: ServerProblems = { invalidLines: [], gone: false };

type Translate = (key: string, options?: Record<string, unknown>) => string;

function problemsOfFields(errors: readonly FieldError[], values: IpGroupFormValues, t: Translate): ServerProblems {
  const name = errors.find((error) => error.field === 'name');
  const list = errors.find((error) => error.field === 'ips');
  return {
    name: name && fieldErrorText(name, { t }),
    list: list && fieldErrorText(list, { t }),
    invalidLines: linesOfIpErrors(errors, checkIpLines(values.ipText)),
    gone: false,
  };
}

function useSaveIpGroup(group: IpGroup | null, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<ServerProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: ({ body }: { body: { name: string; ips: string[] }; values: IpGroupFormValues }) =>
      group ? replaceIpGroup(group.id, body) : createIpGroup(body),
    onSuccess: (saved) => {
      void refreshAfterIpGroupChange(queryClient);
      showSnackbar(t(group ? 'groups:ipGroup.saved' : 'groups:ipGroup.created', { name: saved.name }));
      onClose();
    },
    onError: (failure, { values }) => {
      const meaning = groupFailureOf(failure, NOT_FOUND);
      if (meaning.kind === 'nameTaken') setProblems({ ...NO_PROBLEMS, name: t('groups:ipGroup.nameTaken') });
      else if (meaning.kind === 'fields') setProblems(problemsOfFields(meaning.errors, values, t));
      else if (meaning.kind === 'notFound') {
        setProblems({ ...NO_PROBLEMS, gone: true });
        void refreshAfterIpGroupChange(queryClient, group?.id);
      }
    },
  });
  return { save, problems, clearProblems: () => setProblems(NO_PROBLEMS) };
}

function listErrorOf(t: Translate, check: ReturnType<typeof checkIpGroupForm>, showProblems: boolean, serverText: string | undefined) {
  if (serverText) return serverText;
  if (!showProblems || check.ok) return undefined;
  if (check.lines.tooMany) return t('groups:ipGroup.ipsTooMany', { max: IP_GROUP_MAX_IPS, count: check.lines.ips.length });
  return check.ipsMissing ? t('groups:ipGroup.ipsMissing') : undefined;
}

/** The form itself, for a new group (group null) or one loaded with its addresses. */
function IpGroupForm({ group, onClose }: { group: IpGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<IpGroupFormValues>({ name: group?.name ?? '', ipText: ipTextOf(group?.ips ?? []) });
  const [touched, setTouched] = useState({ ips: false, submitted: false });
  const check = useMemo(() => checkIpGroupForm(values), [values]);
  const { save, problems, clearProblems } = useSaveIpGroup(group, onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ ips: true, submitted: true });
    clearProblems();
    if (check.ok) save.mutate({ body: check.body, values });
  };
  const nameError = problems.name ?? (touched.submitted && !check.ok && check.nameError ? fieldErrorText(check.nameError, { t }) : undefined);
  const busy = save.isPending || problems.gone;
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <TextField
        label={t('groups:ipGroup.nameLabel')}
        name="name"
        value={values.name}
        onValueChange={(name) => setValues((old) => ({ ...old, name }))}
        error={nameError}
        autoComplete="off"
        data-autofocus
        disabled={busy}
      />
      <IpLinesField
        label={t('groups:ipGroup.ipsLabel')}
        value={values.ipText}
        onValueChange={(ipText) => setValues((old) => ({ ...old, ipText }))}
        onBlur={() => setTouched((old) => ({ ...old, ips: true }))}
        lines={check.lines}
        showProblems={touched.ips}
        serverInvalid={problems.invalidLines}
        listError={listErrorOf(t, check, touched.submitted, problems.list)}
        disabled={busy}
      />
      {group && group.taskCount > 0 && <p className="text-sm text-slate-700">{t('groups:ipGroup.redeployNote', { count: group.taskCount })}</p>}
      {problems.gone && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t('groups:ipGroup.notFound')}
        </p>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('groups:actions.cancel')}
        </Button>
        <NetworkButton type="submit" disabled={busy}>
          {save.isPending ? t('groups:actions.saving') : t('groups:actions.save')}
        </NetworkButton>
      </ModalActions>
    </form>
  );
}

/** Loads the group to edit afresh (its addresses and task count), then shows the form. */
function EditIpGroup({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(ipGroupQuery(id));
  if (isPending) return <GroupLoading />;
  if (isError) return <GroupLoadFailed onRetry={() => void refetch()} onClose={onClose} />;
  return <IpGroupForm group={data} onClose={onClose} />;
}

/** Create (id null) or edit a matched-IP group: a name and up to 1,000 addresses, one per line. */
export function IpGroupDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open wide title={t(id === null ? 'groups:ipGroup.createTitle' : 'groups:ipGroup.editTitle')} onClose={onClose}>
      {id === null ? <IpGroupForm group={null} onClose={onClose} /> : <EditIpGroup id={id} onClose={onClose} />}
    </Modal>
  );
}
