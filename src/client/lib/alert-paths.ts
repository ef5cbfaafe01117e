/**
 * The alert log narrowed to one rule or one task (`/alert/log?ruleId=&taskId=`): linked from the
 * alert screens and from a task's detail.
 */
export function alertLogPathOf(filter: { ruleId?: number; taskId?: number }): string {
  const params = new URLSearchParams();
  if (filter.ruleId !== undefined) params.set('ruleId', String(filter.ruleId));
  if (filter.taskId !== undefined) params.set('taskId', String(filter.taskId));
  const query = params.toString();
  return query === '' ? '/alert/log' : `/alert/log?${query}`;
}
