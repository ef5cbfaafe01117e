import { IpGroupCreateBody, validate, type FieldError, type IpGroupCreateBody as IpGroupFields } from '../../../shared/index.js';
import { checkIpLines, ipLinesAreSendable, type IpLinesCheck } from './ip-lines.js';

export interface IpGroupFormValues {
  name: string;
  /** The addresses, one per line, as typed. */
  ipText: string;
}

export type IpGroupFormCheck =
  | { ok: true; body: { name: string; ips: string[] }; lines: IpLinesCheck }
  | { ok: false; nameError: FieldError | undefined; lines: IpLinesCheck; ipsMissing: boolean };

/**
 * Checks the form as the server will: the name with the shared rule, every line with the shared IP
 * rule (line numbers kept), at least one and at most 1,000 distinct addresses.
 */
export function checkIpGroupForm(values: IpGroupFormValues): IpGroupFormCheck {
  const lines = checkIpLines(values.ipText);
  const candidate: IpGroupFields = { name: values.name, ips: lines.ips };
  const checked = validate(IpGroupCreateBody, candidate);
  if (checked.ok && ipLinesAreSendable(lines)) return { ok: true, body: checked.data, lines };
  const errors = checked.ok ? [] : checked.errors;
  return {
    ok: false,
    nameError: errors.find((error) => error.field === 'name'),
    lines,
    ipsMissing: lines.ips.length === 0 && lines.invalid.length === 0,
  };
}
