/** The expiry choices of the form: none, some days from now, or the end of a chosen day. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` of a local date, as a date input writes it. */
export function localDateText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Epoch ms the key expires at, null for none, undefined when the chosen date is missing or unreadable. */
export function expiresAtOf(choice: ExpiryChoice, dateText: string, now: number): number | null | undefined {
  if (choice === 'never') return null;
  if (choice !== 'date') return now + Number(choice) * DAY_MS;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText);
  if (!match) return undefined;
  // The end of the chosen day where the user is: "until 31 Dec" includes 31 Dec.
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).getTime();
}
