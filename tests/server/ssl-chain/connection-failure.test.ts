import { describe, expect, it } from 'vitest';
import { failureOfSocketError } from '../../../src/agent/checks/tcp/connect.js';
import { connectionFailureOf, connectionFailureOfAgent, lookupFailureOf } from '../../../src/server/modules/ssl-chain/connection-failure.js';

const errorWith = (code: string) => Object.assign(new Error(`connect ${code} 192.0.2.1:443`), { code });

describe('socket errors read alike by the SSL chain checker and an agent check', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ETIMEDOUT', 'timeout'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETUNREACH', 'unreachable'],
    ['EADDRNOTAVAIL', 'unreachable'],
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
  ])('%s is %s on both sides, with the code kept as the detail', (errno, kind) => {
    expect(connectionFailureOf(errorWith(errno))).toEqual({ failure: kind, detail: errno });
    expect(failureOfSocketError(errorWith(errno))).toEqual({ source: 'target', code: kind, detail: errno });
    // What a node's agent reports reads as what the server would have seen itself.
    expect(connectionFailureOfAgent(kind, errno)).toEqual({ failure: kind, detail: errno });
  });

  it('an answer that is not TLS is not_tls, from the server or from a node', () => {
    expect(connectionFailureOf(errorWith('ERR_SSL_WRONG_VERSION_NUMBER'))).toEqual({ failure: 'not_tls', detail: 'ERR_SSL_WRONG_VERSION_NUMBER' });
    expect(connectionFailureOfAgent('tls_error', 'ERR_SSL_WRONG_VERSION_NUMBER')).toMatchObject({ failure: 'not_tls' });
  });

  it('any other error is a TLS error on the server, the probe node\'s own trouble on an agent', () => {
    expect(connectionFailureOf(errorWith('EMFILE'))).toEqual({ failure: 'tls_error', detail: 'EMFILE' });
    expect(failureOfSocketError(errorWith('EMFILE'))).toEqual({ source: 'probe', code: 'tool_error', detail: 'EMFILE' });
  });

  it('any error looking the name up is a DNS failure, a timeout or a code it does not know included', () => {
    expect(lookupFailureOf(errorWith('ENOTFOUND'))).toEqual({ failure: 'dns_failure', detail: 'ENOTFOUND' });
    expect(lookupFailureOf(errorWith('ETIMEDOUT'))).toEqual({ failure: 'dns_failure', detail: 'ETIMEDOUT' });
    expect(lookupFailureOf(errorWith('EBADNAME'))).toEqual({ failure: 'dns_failure', detail: 'EBADNAME' });
  });
});
