import { isIP } from 'node:net';
import { SSL_CHAIN_NODE_WAIT_MS, SSL_CHAIN_STEP_MS, parseHostPort, type SslChainAnswer, type SslChainBody } from '../../../shared/calls/ssl-chain.js';
import { isLocalOnlyHost } from '../../../shared/validation/target-address.js';
import type { ServerContext } from '../../context.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { statusOfRow } from '../nodes/node-view.js';
import { listNodes } from '../nodes/repo.js';
import { runSslJob, type SslResult } from '../domain/ssl-job.js';
import { analyseChain, type ChainAnalysis } from './analyse-chain.js';
import type { ConnectionFailure } from './connection-failure.js';
import { connectionFailureOfAgent } from './connection-failure.js';
import { resolveTarget } from './resolve-target.js';
import { handshakeFromServer, type HandshakeEvidence } from './server-connection.js';
import { trustContextOf } from './trust.js';

interface ChainTarget {
  host: string;
  port: number;
  /** The SNI name: the one asked for, else the host unless it is an IP address. */
  servername: string | null;
}

type Seen = { ip: string | null } & (({ ok: true } & HandshakeEvidence) | ({ ok: false } & ConnectionFailure));

function targetOf(body: SslChainBody): ChainTarget {
  const parsed = parseHostPort(body.host);
  if (!parsed.ok) throw badParameter([fieldError('host', parsed.code)]);
  const sni = body.sni?.trim() ?? '';
  return { host: parsed.host, port: parsed.port, servername: sni !== '' ? sni : isIP(parsed.host) ? null : parsed.host };
}

/** The tasks' rule for a target that stays on the prober's network: refused (2140) where private targets are not allowed. */
function assertPrivateAllowed(host: string, allowed: boolean): void {
  if (!allowed && isLocalOnlyHost(host)) throw new AppError(2140, { data: { errors: [fieldError('host', 10010003)] } });
}

async function seenFromServer(ctx: ServerContext, target: ChainTarget): Promise<Seen> {
  const { allowPrivateTargets } = ctx.config.sslChain;
  assertPrivateAllowed(target.host, allowPrivateTargets);
  const resolved = await resolveTarget(target.host, allowPrivateTargets, SSL_CHAIN_STEP_MS);
  if (!resolved.ok) return { ...resolved, ip: null };
  const secureContext = (tls12Only: boolean) => trustContextOf(ctx.config.sslChain, tls12Only);
  const outcome = await handshakeFromServer({ ip: resolved.ip, port: target.port, servername: target.servername, secureContext }, SSL_CHAIN_STEP_MS);
  return { ...outcome, ip: resolved.ip };
}

/** The node asked for: 2304 unknown; its own private-target rule (2140, as for a task's nodes); 2554 no live agent. */
async function nodeFor(ctx: ServerContext, nodeId: number, host: string): Promise<number> {
  const row = (await listNodes(ctx.db, {})).find((node) => node.id === nodeId);
  if (!row) throw new AppError(2304);
  const node = await ctx.db.selectFrom('nodes').select('allow_private_targets').where('id', '=', nodeId).executeTakeFirstOrThrow();
  assertPrivateAllowed(host, node.allow_private_targets !== 0);
  if (!['usable', 'warning'].includes(statusOfRow(ctx, row))) throw new AppError(2554);
  return row.id;
}

/**
 * What a node's SSL job answer showed. An expired certificate fails the node's check but still
 * shows its chain. An agent since the presented-order capture answers `presentedChain` and
 * `orderKnown`; an older one only `rawChain`, in issuer order, so the order stays unknown.
 */
export function seenOfNodeResult(result: Pick<SslResult, 'details' | 'failure'>): Seen {
  const details = result.details;
  const sent = details?.presentedChain && details.presentedChain.length > 0 ? details.presentedChain : details?.rawChain;
  if (details && sent && sent.length > 0) {
    const presented = sent.map((text) => Buffer.from(text, 'base64'));
    const orderKnown = sent === details.presentedChain && details.orderKnown === true;
    return { ok: true, ip: details.ip, presented, orderKnown, verifyCode: details.authorizationError, protocol: null };
  }
  const failure = result.failure ?? { code: 'tls_error' as const, detail: 'no peer certificate' };
  return { ok: false, ip: details?.ip ?? null, ...connectionFailureOfAgent(failure.code, failure.detail) };
}

async function seenFromNode(ctx: ServerContext, custId: number, nodeId: number, target: ChainTarget): Promise<Seen> {
  await nodeFor(ctx, nodeId, target.host);
  const sslTarget = { host: target.host, port: target.port, servername: target.servername ?? undefined, rawChain: true };
  return seenOfNodeResult(await runSslJob(ctx, custId, nodeId, sslTarget, SSL_CHAIN_NODE_WAIT_MS));
}

const NO_CHAIN: Omit<ChainAnalysis, 'verdict' | 'problems'> = {
  trusted: false,
  verifyCode: null,
  hostnameMatch: null,
  chain: [],
  orderKnown: false,
  missingIntermediate: false,
  misordered: false,
  warnings: [],
};

/** The SSL chain checker: what host[:port] presents, from the server or a node, judged in one place. */
export async function checkSslChain(ctx: ServerContext, custId: number, body: SslChainBody): Promise<SslChainAnswer> {
  const target = targetOf(body);
  const seen = body.nodeId === undefined ? await seenFromServer(ctx, target) : await seenFromNode(ctx, custId, body.nodeId, target);
  const now = ctx.now();
  const common = { host: target.host, port: target.port, servername: target.servername, nodeId: body.nodeId ?? null, checkedAt: new Date(now).toISOString(), ip: seen.ip };
  if (!seen.ok) {
    const verdict = seen.failure === 'not_tls' ? 'not_tls' : 'untrusted';
    return { ...common, protocol: null, failure: seen.failure, failureDetail: seen.detail, verdict, problems: [verdict], ...NO_CHAIN };
  }
  const analysis = analyseChain({ presented: seen.presented, orderKnown: seen.orderKnown, verifyCode: seen.verifyCode, hostname: target.servername ?? target.host, now });
  return { ...common, protocol: seen.protocol, failure: null, failureDetail: null, ...analysis };
}
