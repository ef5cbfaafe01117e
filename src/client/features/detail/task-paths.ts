/** The task id of a URL segment; null when it cannot name a task (the screen shows "not found" without asking). */
export function taskIdOf(segment: string): number | null {
  const id = Number(segment);
  return /^\d+$/.test(segment) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
