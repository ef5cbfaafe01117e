/** The banner's time: the clock time for today's data, the date too for older data. */
export function shownTimeText(time: number, now: number, language: string): string {
  const when = new Date(time);
  const today = new Date(now).toDateString() === when.toDateString();
  const format = today
    ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' })
    : new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return format.format(when);
}
