import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { agentlessCount, chosenAgentless, keptWith, pickerNodes } from '../agentless-nodes.js';
import { nodeCatalogueQuery, traceResourceQuery } from '../api.js';
import { filterNodes, groupByMapType, missingNodeIds, selectionState, withAll, type NodeFilters } from '../node-selection.js';
import { TASK_TYPE_SPECS } from '../task-types.js';
import { blockedSelection, noBlock, selectableIds, toolBlockOf, type RouteTool } from '../tool-nodes.js';
import { AgentlessChosenNote, AgentlessSwitch } from './agentless-controls.js';
import { FieldMessages, FormSection, describedBy, fieldId, useErrorText, type SectionProps } from './form-controls.js';
import { NodeFilterBar } from './node-filter-bar.js';
import { NodeGroup, SelectAllBox } from './node-group.js';

function MissingNodes({ missing, onRemove, disabled }: { missing: number[]; onRemove: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div role="note" className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex-1">{t('taskform:nodes.missing', { count: missing.length })}</p>
      <Button variant="secondary" onClick={onRemove} disabled={disabled}>
        {t('taskform:nodes.removeMissing')}
      </Button>
    </div>
  );
}

/** The nodes to pick from: a tool's picker asks /domain/traceresource, which says which nodes have traceroute and mtr. */
function usePickerNodes(tool: RouteTool | null) {
  const catalogue = useQuery({ ...nodeCatalogueQuery(), enabled: tool === null });
  const toolResource = useQuery({ ...traceResourceQuery(), enabled: tool !== null });
  const source = tool === null ? catalogue : toolResource;
  return {
    nodes: (tool === null ? catalogue.data?.list : toolResource.data?.nodes) ?? [],
    loaded: source.data !== undefined,
    isPending: source.isPending,
    isError: source.isError,
    refetch: () => void source.refetch(),
    blockOf: tool === null ? noBlock : toolBlockOf(tool),
  };
}

function BlockedNodes({ tool, count }: { tool: RouteTool | null; count: number }) {
  const { t } = useTranslation();
  if (tool === null || count === 0) return null;
  return (
    <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {t(`taskform:nodes.blockedChosen.${tool}`, { count })}
    </p>
  );
}

/**
 * Nodes without an agent are listed only on request; the task's own nodes (as the form opened)
 * and those chosen while they were listed stay in sight, so a selection never disappears.
 */
function useAgentlessSwitch(selected: readonly number[]) {
  const [on, setOn] = useState(false);
  const [kept, setKept] = useState(() => new Set(selected));
  const turn = (next: boolean) => {
    if (!next) setKept(keptWith(kept, selected));
    setOn(next);
  };
  return { on, kept, turn };
}

export interface NodeChoiceProps {
  /** Only nodes whose agent has this tool are offered (the others shown disabled, with the reason); null: any node. */
  tool: RouteTool | null;
  intro: string;
  selected: number[];
  onSelected: (ids: number[]) => void;
  /** Already translated. */
  error: string | undefined;
  disabled: boolean;
}

/**
 * Choosing nodes: grouped by map type, narrowed by region, province, country and ISP, with
 * select-all per group and over everything shown, each node with its status. The task form's
 * picker, and the on-demand MTR's (composed in app/).
 */
export function NodeChoice({ tool, intro, selected, onSelected, error, disabled }: NodeChoiceProps) {
  const { t, i18n } = useTranslation();
  const catalogue = usePickerNodes(tool);
  const [filters, setFilters] = useState<NodeFilters>({});
  const agentless = useAgentlessSwitch(selected);
  const id = fieldId('nodeIds');
  const setSelected = onSelected;
  const nodes = catalogue.nodes;
  const listed = pickerNodes(nodes, agentless.on, agentless.kept);
  const shown = filterNodes(listed, filters);
  const shownIds = selectableIds(shown, catalogue.blockOf, selected);
  const allGroups = groupByMapType(nodes);
  const listedGroups = groupByMapType(listed);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{intro}</p>
      <FieldMessages id={id} error={error} />
      {catalogue.isPending && <p role="status" className="text-sm text-slate-600">{t('taskform:nodes.loading')}</p>}
      {catalogue.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
          <p>{t('taskform:nodes.loadFailed')}</p>
          <Button variant="secondary" onClick={catalogue.refetch}>
            {t('retry')}
          </Button>
        </div>
      )}
      {catalogue.loaded && (
        <>
          <NodeFilterBar nodes={listed} filters={filters} onFilters={setFilters} />
          <AgentlessSwitch count={agentlessCount(nodes)} on={agentless.on} onChange={agentless.turn} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-y border-slate-100 py-2">
            <SelectAllBox
              id={id}
              label={t('taskform:nodes.selectShown', { count: shownIds.length })}
              state={selectionState(selected, shownIds)}
              count={shownIds.length}
              onChange={(on) => setSelected(withAll(selected, shownIds, on))}
              disabled={disabled}
              describedBy={describedBy(id, undefined, error)}
              invalid={error !== undefined}
            />
            <div className="flex items-center gap-3">
              <p aria-live="polite" className="text-sm font-medium text-slate-800">
                {t('taskform:nodes.selected', { count: number.format(new Set(selected).size) })}
              </p>
              <Button variant="secondary" onClick={() => setSelected([])} disabled={disabled || selected.length === 0}>
                {t('taskform:nodes.clear')}
              </Button>
            </div>
          </div>
          <MissingNodes
            missing={missingNodeIds(selected, nodes)}
            onRemove={() => setSelected(withAll(selected, missingNodeIds(selected, nodes), false))}
            disabled={disabled}
          />
          <BlockedNodes tool={tool} count={blockedSelection(nodes, catalogue.blockOf, selected).length} />
          <AgentlessChosenNote count={chosenAgentless(nodes, selected).length} />
          {groupByMapType(shown).map((group, index) => (
            <NodeGroup
              key={group.mapType}
              mapType={group.mapType}
              nodes={group.nodes}
              total={allGroups[index]?.nodes.length ?? 0}
              hidden={(allGroups[index]?.nodes.length ?? 0) - (listedGroups[index]?.nodes.length ?? 0)}
              selected={selected}
              onSelected={setSelected}
              disabled={disabled}
              blockOf={catalogue.blockOf}
            />
          ))}
        </>
      )}
    </div>
  );
}

/** The monitor nodes of the task. */
export function NodePicker({ type, values, errors, setField, disabled }: SectionProps) {
  const { t } = useTranslation();
  const traceOnly = TASK_TYPE_SPECS[type].needsTraceroute;
  return (
    <FormSection title={t('taskform:sections.nodes')}>
      <NodeChoice
        tool={traceOnly ? 'traceroute' : null}
        intro={t(traceOnly ? 'taskform:nodes.introTrace' : 'taskform:nodes.intro')}
        selected={values.nodeIds}
        onSelected={(ids) => setField('nodeIds', ids)}
        error={useErrorText(errors.nodeIds)}
        disabled={disabled}
      />
    </FormSection>
  );
}
