import { MONITOR_TYPES } from '../../shared/codes.js';
import { dnsCheck } from './dns/index.js';
import { httpCheck, httpsCheck } from './http/index.js';
import { icmpCheck } from './icmp/index.js';
import { mtrCheck } from './mtr/index.js';
import { sslCheck } from './ssl/index.js';
import { tcpCheck } from './tcp/index.js';
import { tracerouteCheck } from './traceroute/index.js';
import type { CheckModule, CheckType } from './types.js';

/** Every check type the agent runs, and the module that runs it: the only list of types. */
export type CheckRegistry = { [T in CheckType]: CheckModule<T> };

export const CHECKS: CheckRegistry = {
  [MONITOR_TYPES.ICMP]: icmpCheck,
  [MONITOR_TYPES.TCP]: tcpCheck,
  [MONITOR_TYPES.HTTP]: httpCheck,
  [MONITOR_TYPES.HTTPS]: httpsCheck,
  [MONITOR_TYPES.DNS]: dnsCheck,
  [MONITOR_TYPES.TRACEROUTE]: tracerouteCheck,
  [MONITOR_TYPES.SSL]: sslCheck,
  mtr: mtrCheck,
};

/** The module of a type, typed for it. */
export function checkModuleOf<T extends CheckType>(type: T, registry: CheckRegistry = CHECKS): CheckModule<T> {
  return registry[type] as CheckModule<T>;
}
