import type { Socket } from 'node:net';
import type { CertificateSummary, Failure } from '../../../shared/probe/results.js';
import { summarizeCertificate } from '../certificate.js';
import { handshakeTls } from '../ssl/handshake.js';
import { type Budget, clockNow, msBetween } from '../clock.js';
import { connectTcp, DirectReader } from '../tcp/connect.js';
import { resolveWithin } from '../tcp/resolve.js';
import { exchange } from './response.js';
import { hostnameOf, isSecureUrl, portOf } from './url.js';

export interface HopRequest {
  url: URL;
  method: 'GET' | 'HEAD';
  maxBodyBytes: number;
  allowPrivateTargets: boolean;
  budget: Budget;
}

/** One request-response of a check (the first, or one after a redirect), phase by phase. */
export interface Hop {
  url: URL;
  /** null when the host could not be resolved (or was refused). */
  resolvedIps: string[] | null;
  ip: string | null;
  statusCode: number | null;
  location: string | null;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  ttfbMs: number | null;
  /** From the start of this hop to the end of its body, or to its failure. */
  hopMs: number;
  bodyBytes: number;
  certificate: CertificateSummary | null;
  /** null over plain HTTP. */
  tls: { authorized: boolean; authorizationError: string | null } | null;
  failure: Failure | null;
}

type Phases = Omit<Hop, 'url' | 'hopMs'>;

const EMPTY: Phases = {
  resolvedIps: null,
  ip: null,
  statusCode: null,
  location: null,
  dnsMs: null,
  connectMs: null,
  tlsMs: null,
  ttfbMs: null,
  bodyBytes: 0,
  certificate: null,
  tls: null,
  failure: null,
};

async function secure(socket: Socket, request: HopRequest, phases: Phases): Promise<Socket | null> {
  if (!isSecureUrl(request.url)) return socket;
  const session = await handshakeTls(socket, hostnameOf(request.url), request.budget, { alpn: ['http/1.1'], chain: false });
  if (!session.ok) {
    phases.failure = session.failure;
    return null;
  }
  phases.tlsMs = session.value.tlsMs;
  phases.certificate = session.value.peer ? summarizeCertificate(session.value.peer) : null;
  phases.tls = { authorized: session.value.authorized, authorizationError: session.value.authorizationError };
  return session.value.socket;
}

async function runPhases(request: HopRequest, phases: Phases): Promise<void> {
  const { url, budget } = request;
  const resolved = await resolveWithin(hostnameOf(url), request.allowPrivateTargets, budget);
  if (!resolved.ok) {
    phases.failure = resolved.failure;
    return;
  }
  Object.assign(phases, { resolvedIps: resolved.value.ips, ip: resolved.value.ip, dnsMs: resolved.value.dnsMs });
  // Plain HTTP reads its answer straight off the connection; TLS reads the connection itself.
  const reader = isSecureUrl(url) ? undefined : new DirectReader();
  const connection = await connectTcp(resolved.value.ip, portOf(url), budget, reader);
  if (!connection.ok) {
    phases.failure = connection.failure;
    return;
  }
  phases.connectMs = connection.value.connectMs;
  const socket = await secure(connection.value.socket, request, phases);
  if (!socket) return;
  const read = await exchange(socket, url, request.method, budget, request.maxBodyBytes, reader);
  Object.assign(phases, {
    statusCode: read.statusCode,
    location: read.location,
    ttfbMs: read.ttfbMs,
    bodyBytes: read.bodyBytes,
    failure: read.failure,
  });
}

export async function runHop(request: HopRequest): Promise<Hop> {
  const started = clockNow();
  const phases: Phases = { ...EMPTY };
  await runPhases(request, phases);
  return { url: request.url, ...phases, hopMs: msBetween(started, clockNow()) };
}
