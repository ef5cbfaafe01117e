import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { findTask } from './repo.js';
import type { Task } from './task-model.js';

/** The customer's live task; anyone else's, a deleted one or none is 2127. */
export async function customerTask(db: Db, custId: number, taskId: number): Promise<Task> {
  const task = await findTask(db, custId, taskId);
  if (!task) throw new AppError(2127);
  return task;
}
