import type { DomainExportAnswer } from '../../../shared/calls/domain-import.js';
import type { DomainListQuery } from '../../../shared/calls/domain-list.js';
import type { Language } from '../../../shared/constants.js';
import { importSheetOfType } from '../../../shared/import/template.js';
import { badParameter, fieldError } from '../../http/app-error.js';
import { ipGroupNames } from '../groups/ip-groups-repo.js';
import type { StoreContext } from '../tasks/store-context.js';
import { nodeLabels, tasksByIds } from './export-repo.js';
import { exportRowOf, nodeCellsOf, type ExportNames } from './export-rows.js';
import { selectListPage } from './list.js';

async function exportNamesOf(ctx: StoreContext, custId: number): Promise<ExportNames> {
  const [nodes, groups] = await Promise.all([nodeLabels(ctx.db), ipGroupNames(ctx.db, custId)]);
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  return { nodeCellOf: nodeCellsOf(nodes), ipGroupNameOf: (id) => groupNames.get(id) };
}

/**
 * POST /domain/export: the page the list would show for the same body, as rows of the import
 * template's tab for the type (types 1-5; traceroute and SSL have no tab: 1001 on `type`).
 */
export async function exportDomainRows(ctx: StoreContext, custId: number, query: DomainListQuery, language: Language): Promise<DomainExportAnswer> {
  const sheet = importSheetOfType(query.type);
  if (!sheet) throw badParameter([fieldError('type', 10010003)]);
  const { page, total } = await selectListPage(ctx, custId, query);
  const ids = page.map((row) => row.id);
  const [tasks, names] = await Promise.all([tasksByIds(ctx.db, custId, ids), exportNamesOf(ctx, custId)]);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const pageTasks = ids.flatMap((id) => byId.get(id) ?? []);
  return { columns: [...sheet.columns], rows: pageTasks.map((task) => exportRowOf(task, sheet, names, language)), total };
}
