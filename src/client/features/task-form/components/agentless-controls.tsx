import { useTranslation } from 'react-i18next';

interface AgentlessSwitchProps {
  /** Nodes without an agent in the catalogue (shown or not). */
  count: number;
  on: boolean;
  onChange: (on: boolean) => void;
}

/** "Show nodes without an agent": off by default, so a first task is not spread over nodes that give no data. */
export function AgentlessSwitch({ count, on, onChange }: AgentlessSwitchProps) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="task-nodes-agentless-hint"
          className="focus-ring size-4"
        />
        {t('taskform:nodes.agentless.switch', { count: new Intl.NumberFormat(i18n.language).format(count) })}
      </label>
      <p id="task-nodes-agentless-hint" className="text-xs text-slate-500">
        {t(on ? 'taskform:nodes.agentless.shownHint' : 'taskform:nodes.agentless.hiddenHint')}
      </p>
    </div>
  );
}

/** What choosing nodes without an agent means: no data there, a deployment that waits, the same points. */
export function AgentlessChosenNote({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <p role="note" data-agentless-chosen={count} className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {t('taskform:nodes.agentless.chosen', { count })}
    </p>
  );
}
