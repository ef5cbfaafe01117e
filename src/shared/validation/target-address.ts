import { isPrivateAddress } from '../address-ranges.js';

/**
 * Which probe targets stay on the node's own machine or network, judged before any resolver is
 * asked. The agent's guard (src/agent/checks/target.ts) refuses these and the other non-public
 * ranges at check time, from the same list (src/shared/address-ranges.ts).
 */

export { isPrivateAddress };

/**
 * A host known to stay on the node or its network without asking any resolver: a private address
 * literal, or `localhost` and its subdomains (RFC 6761). Other names are judged by the address they
 * resolve to, on the node, when checked.
 */
export function isLocalOnlyHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  return isPrivateAddress(name) || name === 'localhost' || name.endsWith('.localhost');
}
