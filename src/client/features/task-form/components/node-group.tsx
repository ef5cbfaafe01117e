import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ISP_CODES, type MapType, type NodeCatalogueEntry, type NodeStatus } from '../../../../shared/index.js';
import { nodeDisplayName, nodePlace } from '../../../lib/node-names.js';
import { neverHadAgent } from '../agentless-nodes.js';
import { selectionState, toggleNode, withAll, type SelectionState } from '../node-selection.js';
import { noBlock, selectableIds, type BlockOf, type NodeBlock, type ToolsReported } from '../tool-nodes.js';

const STATUS_DOT: Record<NodeStatus, string> = {
  usable: 'bg-status-normal',
  warning: 'bg-status-warning',
  unusable: 'bg-status-error',
  none: 'bg-status-none',
};

/** Colour and text, so the status never rests on colour alone. */
function NodeStatusText({ status }: { status: NodeStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status} className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-600">
      <span aria-hidden="true" className={`size-2 rounded-full ${STATUS_DOT[status]}`} />
      {t(`places:codes.nodeStatus.${status}`)}
    </span>
  );
}

interface SelectAllProps {
  id?: string;
  label: string;
  state: SelectionState;
  count: number;
  onChange: (on: boolean) => void;
  disabled: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
}

/** A checkbox over many: checked when all are chosen, half when some are (announced as "mixed"). */
export function SelectAllBox({ id, label, state, count, onChange, disabled, describedBy, invalid }: SelectAllProps) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        ref={(box) => {
          if (box) box.indeterminate = state === 'some';
        }}
        checked={state === 'all'}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled || count === 0}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        className="focus-ring size-4"
      />
      {label}
    </label>
  );
}

interface NodeItemProps {
  node: NodeCatalogueEntry;
  /** Why the node cannot be chosen for this task; a chosen one can still be taken off. */
  block: NodeBlock | null;
  chosen: boolean;
  onToggle: () => void;
  disabled: boolean;
}

function NodeItem({ node, block, chosen, onToggle, disabled }: NodeItemProps) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  return (
    <li>
      <label className={`flex items-start gap-2 rounded p-1.5 ${block === null ? 'cursor-pointer hover:bg-slate-50' : 'opacity-70'}`}>
        <input
          type="checkbox"
          checked={chosen}
          onChange={onToggle}
          disabled={disabled || (block !== null && !chosen)}
          data-node-id={node.id}
          className="focus-ring mt-0.5 size-4 shrink-0"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm text-slate-900">{nodeDisplayName(node, t, exists)}</span>
          <span className="block truncate text-xs text-slate-500">
            {nodePlace(node, t, exists)}
            {node.isp !== ISP_CODES.NONE && ` · ${t(`places:codes.isp.${node.isp}`)}`}
          </span>
          {block !== null && <span className="block text-xs text-amber-800">{t(`taskform:nodes.blocked.${block}`)}</span>}
          {block === null && neverHadAgent(node) && (
            <span data-agentless="" className="block text-xs text-amber-800">
              {t('taskform:nodes.agentless.mark')}
            </span>
          )}
        </span>
        <NodeStatusText status={node.status} />
      </label>
    </li>
  );
}

interface NodeGroupProps {
  mapType: MapType;
  /** The group's nodes that the filters show. */
  nodes: readonly (NodeCatalogueEntry & ToolsReported)[];
  /** All of the group's nodes, for the count. */
  total: number;
  /** The group's nodes without an agent that the picker does not list now. */
  hidden?: number;
  selected: readonly number[];
  onSelected: (ids: number[]) => void;
  disabled: boolean;
  /** Why a node cannot be chosen (traceroute and MTR need their tool); none by default. */
  blockOf?: BlockOf;
}

/** One map type's nodes (China, Southeast Asia, World) with select-all over those shown. */
export function NodeGroup({ mapType, nodes, total, hidden = 0, selected, onSelected, disabled, blockOf = noBlock }: NodeGroupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const ids = selectableIds(nodes, blockOf, selected);
  const chosen = new Set(selected);
  const group = t(`places:codes.mapType.${mapType}`);
  return (
    <section aria-label={group} className="rounded-md border border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="focus-ring inline-flex items-center gap-2 rounded text-sm font-semibold text-slate-800"
        >
          <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
            ▸
          </span>
          {group}
          <span className="font-normal text-slate-600">
            {t('taskform:nodes.groupCount', { selected: ids.filter((id) => chosen.has(id)).length, shown: nodes.length, total })}
          </span>
        </button>
        <SelectAllBox
          label={t('taskform:nodes.selectGroup', { group, count: ids.length })}
          state={selectionState(selected, ids)}
          count={ids.length}
          onChange={(on) => onSelected(withAll(selected, ids, on))}
          disabled={disabled}
        />
      </div>
      <ul id={listId} hidden={!open} className="grid max-h-80 gap-1 overflow-y-auto p-2 sm:grid-cols-2 lg:grid-cols-3">
        {nodes.length === 0 && (
          <li className="p-2 text-sm text-slate-500">{t(hidden > 0 ? 'taskform:nodes.agentless.groupHidden' : 'taskform:nodes.noneShown', { count: hidden })}</li>
        )}
        {nodes.map((node) => (
          <NodeItem key={node.id} node={node} block={blockOf(node)} chosen={chosen.has(node.id)} onToggle={() => onSelected(toggleNode(selected, node.id))} disabled={disabled} />
        ))}
      </ul>
    </section>
  );
}
