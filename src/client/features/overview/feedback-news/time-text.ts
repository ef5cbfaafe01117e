const two = (value: number) => String(value).padStart(2, '0');

/** A time as its local day and minute, YYYY-MM-DD HH:mm (no Intl: the overview's first paint stays cheap); '' when unreadable. */
export function localMinuteOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
