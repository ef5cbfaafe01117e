const two = (value: number) => String(value).padStart(2, '0');

/** §9 date suffix of a downloaded file's name: the local day as YYYYMMDD (`import-template-20261126.xlsx`). */
export function fileDateSuffix(date: Date): string {
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
}
