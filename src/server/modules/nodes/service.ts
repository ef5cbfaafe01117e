import type { NodeCatalogueAnswer, NodeListAnswer, NodeListBody } from '../../../shared/calls/nodes.js';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import type { ServerContext } from '../../context.js';
import { toNodeSummary } from './node-view.js';
import { countNodes, listNodes as listNodeRows, type NodeFilters } from './repo.js';

/** The node list: filters in SQL; status is derived, so a status filter pages after deriving. */
export async function listNodes(ctx: ServerContext, body: NodeListBody): Promise<NodeListAnswer> {
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const filters: NodeFilters = { mapType: body.mapType, region: body.region, country: body.country, isp: body.isp };
  if (body.status === undefined) {
    const [rows, total] = await Promise.all([
      listNodeRows(ctx.db, filters, { limit: pageSize, offset }),
      countNodes(ctx.db, filters),
    ]);
    return { list: rows.map((row) => toNodeSummary(ctx, row)), total };
  }
  const matching = (await listNodeRows(ctx.db, filters))
    .map((row) => toNodeSummary(ctx, row))
    .filter((node) => node.status === body.status);
  return { list: matching.slice(offset, offset + pageSize), total: matching.length };
}

/** Every node, compact, for choosing a task's nodes. */
export async function nodeCatalogue(ctx: ServerContext): Promise<NodeCatalogueAnswer> {
  const rows = await listNodeRows(ctx.db, {});
  const list = rows.map((row) => {
    const { id, name, city, province, region, country, isp, mapType, status } = toNodeSummary(ctx, row);
    return { id, name, city, province, region, country, isp, mapType, status };
  });
  return { list };
}
