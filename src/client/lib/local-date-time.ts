const two = (value: number) => String(value).padStart(2, '0');

/** Local date and time as a spreadsheet reads it: `2026-11-22 09:30:05`; '' for no time or a bad one. */
export function localDateTime(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
