import { CALLS } from '../../shared/calls/index.js';
import type { CallDefinition } from '../../shared/calls/define.js';

const names = new Map<CallDefinition, string>(Object.entries(CALLS).map(([name, call]) => [call as CallDefinition, name]));

/** A call's name in the call table (`domainList`): the label of its metrics, never the raw URL. */
export function callNameOf(call: CallDefinition): string {
  return names.get(call) ?? call.path;
}
