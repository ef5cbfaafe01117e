import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { createAdmin, resumeAdmin, suspendAdmin } from './admins.js';
import { listAudit } from './audit.js';
import { createContract, listContracts, topUpContract } from './contracts.js';
import { createCustomer, listCustomers, resumeCustomer, suspendCustomer } from './customers.js';
import { createNode, issueKeyFor } from './node-keys.js';
import { createPrivilege, deactivatePrivilege, listPrivileges, reactivatePrivilege } from './privileges.js';
import { createUser, limitUserSessions, listUsers, resetUserPassword, resumeUser, suspendUser } from './users.js';

/** The operator's verbs (platform calls); every mutation among them is logged by registerCall. */
export function operatorRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.platformCustomerCreate, ({ ctx, body }) => createCustomer(ctx, body));
  registerCall(app, CALLS.platformCustomerSuspend, ({ ctx, body }) => suspendCustomer(ctx, body.custId));
  registerCall(app, CALLS.platformCustomerResume, ({ ctx, body }) => resumeCustomer(ctx, body.custId));
  registerCall(app, CALLS.platformCustomerList, ({ ctx }) => listCustomers(ctx));
  registerCall(app, CALLS.platformContractCreate, ({ ctx, body }) => createContract(ctx, body));
  registerCall(app, CALLS.platformContractTopup, ({ ctx, body }) => topUpContract(ctx, body));
  registerCall(app, CALLS.platformContractList, ({ ctx, body }) => listContracts(ctx, body.custId));
  registerCall(app, CALLS.platformAuditList, ({ ctx, body }) => listAudit(ctx, body));
  registerCall(app, CALLS.platformUserCreate, ({ ctx, body }) => createUser(ctx, body));
  registerCall(app, CALLS.platformUserSuspend, ({ ctx, body }) => suspendUser(ctx, body.account));
  registerCall(app, CALLS.platformUserResume, ({ ctx, body }) => resumeUser(ctx, body.account));
  registerCall(app, CALLS.platformUserLimit, ({ ctx, body }) => limitUserSessions(ctx, body));
  registerCall(app, CALLS.platformUserPassword, ({ ctx, body }) => resetUserPassword(ctx, body));
  registerCall(app, CALLS.platformUserList, ({ ctx, body }) => listUsers(ctx, body?.custId));
  registerCall(app, CALLS.platformPrivilegeCreate, ({ ctx, body }) => createPrivilege(ctx, body));
  registerCall(app, CALLS.platformPrivilegeDeactivate, ({ ctx, body }) => deactivatePrivilege(ctx, body.privilegeId));
  registerCall(app, CALLS.platformPrivilegeReactivate, ({ ctx, body }) => reactivatePrivilege(ctx, body.privilegeId));
  registerCall(app, CALLS.platformPrivilegeList, ({ ctx }) => listPrivileges(ctx));
  registerCall(app, CALLS.platformAdminCreate, ({ ctx, body }) => createAdmin(ctx, body));
  registerCall(app, CALLS.platformAdminSuspend, ({ ctx, body }) => suspendAdmin(ctx, body.account));
  registerCall(app, CALLS.platformAdminResume, ({ ctx, body }) => resumeAdmin(ctx, body.account));
  registerCall(app, CALLS.platformNodeKey, ({ ctx, body }) => issueKeyFor(ctx, body));
  registerCall(app, CALLS.platformNodeCreate, ({ ctx, body }) => createNode(ctx, body));
}
