import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import {
  createIpGroup,
  deleteUnusedIpGroup,
  getIpGroup,
  ipGroupOptions,
  replaceIpGroupAndRedeploy,
  searchIpGroups,
} from './ip-groups-service.js';
import { createLabel, deleteLabelsAndClear, DOMAIN_GROUPS, listLabels, renameLabelAndTasks, TAGS, type LabelKind } from './labels-service.js';

/** Domain groups and tags have calls of the same shapes. */
interface LabelCalls {
  list: typeof CALLS.domainGroupList;
  create: typeof CALLS.domainGroupCreate;
  update: typeof CALLS.domainGroupUpdate;
  remove: typeof CALLS.domainGroupDelete;
}

function labelRoutes(app: FastifyInstance, kind: LabelKind, calls: LabelCalls): void {
  registerCall(app, calls.list, ({ ctx, principal, body }) => listLabels(ctx, kind, principal.custId, body));
  registerCall(app, calls.create, ({ ctx, principal, body }) => createLabel(ctx, kind, principal.custId, body.name));
  registerCall(app, calls.update, ({ ctx, principal, body }) => renameLabelAndTasks(ctx, kind, principal.custId, body.id, body.name));
  registerCall(app, calls.remove, ({ ctx, principal, body }) => deleteLabelsAndClear(ctx, kind, principal.custId, body.ids));
}

export function groupRoutes(app: FastifyInstance): void {
  labelRoutes(app, DOMAIN_GROUPS, {
    list: CALLS.domainGroupList,
    create: CALLS.domainGroupCreate,
    update: CALLS.domainGroupUpdate,
    remove: CALLS.domainGroupDelete,
  });
  labelRoutes(app, TAGS, { list: CALLS.tagList, create: CALLS.tagCreate, update: CALLS.tagUpdate, remove: CALLS.tagDelete });
  registerCall(app, CALLS.ipGroupSearch, ({ ctx, principal, body }) => searchIpGroups(ctx, principal.custId, body));
  registerCall(app, CALLS.ipGroupOptions, ({ ctx, principal }) => ipGroupOptions(ctx, principal.custId));
  registerCall(app, CALLS.ipGroupGet, ({ ctx, principal, body }) => getIpGroup(ctx, principal.custId, body.id));
  registerCall(app, CALLS.ipGroupCreate, ({ ctx, principal, body }) => createIpGroup(ctx, principal.custId, body));
  registerCall(app, CALLS.ipGroupReplace, ({ ctx, principal, body }) => replaceIpGroupAndRedeploy(ctx, principal.custId, body.id, body));
  registerCall(app, CALLS.ipGroupDelete, ({ ctx, principal, body }) => deleteUnusedIpGroup(ctx, principal.custId, body.id));
}
