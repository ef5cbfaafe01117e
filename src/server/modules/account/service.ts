import type { AccountInfo } from '../../../shared/calls/account.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { findCustomerById } from '../auth/account-repo.js';
import { findCurrentContract } from './repo.js';

export async function accountInfo(ctx: ServerContext, principal: Principal): Promise<AccountInfo> {
  const customer = await findCustomerById(ctx.db, principal.custId);
  if (!customer) throw new AppError(2102);
  const today = new Date(ctx.now()).toISOString().slice(0, 10);
  const contract = await findCurrentContract(ctx.db, customer.id, today);
  return {
    customer: { id: customer.id, name: customer.name, taxId: customer.tax_id },
    contract: contract
      ? {
          id: contract.id,
          startDate: contract.start_date,
          endDate: contract.end_date,
          purchasedPoints: contract.purchased_points,
          usedPoints: contract.used_points,
          remainingPoints: contract.purchased_points - contract.used_points,
        }
      : null,
  };
}
