import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '../../shared/calls/index.js';
import { PLATFORM_SECRET_HEADER } from '../../shared/calls/platform.js';
import { pathParamNames, type CallDefinition, type FileAnswer } from '../../shared/calls/define.js';
import { successEnvelope } from '../../shared/envelope.js';
import { canAccess } from '../../shared/roles.js';
import { validate } from '../../shared/validation/validate.js';
import type { Principal, ServerContext } from '../context.js';
import { callNameOf } from '../metrics/index.js';
import { authenticateAgent, type AgentNode } from '../modules/agents/authenticate.js';
import { authenticateApiKey, isApiKeyToken } from '../modules/api-keys/authenticate.js';
import { authenticate, bearerToken } from '../modules/auth/authenticate.js';
import { assertPlatformSecret } from '../modules/platform/service.js';
import { AppError, badParameter, fieldError } from './app-error.js';
import { sendFileAnswer } from './file-answer.js';
import { requestContext } from './logging.js';
import { audited, isAudited } from './platform-audit.js';
import { readUploadRequest, type UploadedFile } from './upload-input.js';

declare module 'fastify' {
  interface FastifyInstance {
    vigil: ServerContext;
  }
}

export interface CallInput<C extends CallDefinition> {
  body: z.output<C['body']>;
  /** An upload call's file (undefined when none was chosen); always undefined for other calls. */
  upload: UploadedFile | undefined;
  /** The caller of a session call; reading it on a public call is a programming error (401). */
  readonly principal: Principal;
  /** The node of an agent call; reading it on any other call is a programming error (401). */
  readonly agent: AgentNode;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The server's context with this request's logger (`requestContext`): key nothing on its identity. */
  ctx: ServerContext;
}

export type CallHandler<C extends CallDefinition> = (
  input: CallInput<C>,
) => Promise<z.output<C['answer']>> | z.output<C['answer']>;

interface Caller {
  principal?: Principal;
  agent?: AgentNode;
}

/** A session call's caller: a session token, or an API key where the call table allows one. */
async function sessionCaller(ctx: ServerContext, call: CallDefinition, request: FastifyRequest, reply: FastifyReply): Promise<Principal> {
  const token = bearerToken(request.headers.authorization);
  if (token !== undefined && isApiKeyToken(token)) return authenticateApiKey(ctx, call, token, reply);
  return authenticate(ctx, request.headers.authorization);
}

async function admit(ctx: ServerContext, call: CallDefinition, request: FastifyRequest, reply: FastifyReply): Promise<Caller> {
  switch (call.access) {
    case 'public':
      return {};
    case 'platform':
      assertPlatformSecret(ctx, request.headers[PLATFORM_SECRET_HEADER]);
      return {};
    case 'session':
      return { principal: await sessionCaller(ctx, call, request, reply) };
    case 'agent':
      return { agent: await authenticateAgent(ctx, request.headers.authorization) };
  }
}

function authorize(call: CallDefinition, principal: Principal | undefined): void {
  if (!principal) return;
  if (call.mutation && principal.adminToken !== undefined) throw new AppError(2007);
  if (call.area && !canAccess(principal, { area: call.area, mutation: call.mutation })) throw new AppError(403);
}

/** Fastify's form of a call path: `{id}` becomes `:id`. */
const routeUrl = (path: string) => `${API_BASE}${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** The body the call's schema validates: path parameters are fields of it, and the path wins. */
function callInput(call: CallDefinition, request: FastifyRequest): unknown {
  if (pathParamNames(call.path).length === 0) return request.body;
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...body, ...(request.params as Record<string, string>) };
}

/**
 * The body to validate and the file: an upload call's text parts are its body; any other call
 * refuses a multipart request (its body is not read) as a wrong content type.
 */
async function bodyAndUpload(call: CallDefinition, request: FastifyRequest): Promise<{ body: unknown; upload: UploadedFile | undefined }> {
  if (call.upload) {
    const { upload, fields } = await readUploadRequest(request, call.upload);
    return { body: Object.keys(fields).length === 0 ? undefined : fields, upload };
  }
  if (request.isMultipart()) throw badParameter([fieldError('', 10010001)]);
  return { body: callInput(call, request), upload: undefined };
}

interface Admitted extends Caller {
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: ServerContext;
}

/** Reads and validates the body, then runs the handler: the call's answer. */
async function answer<C extends CallDefinition>(call: C, handler: CallHandler<C>, { principal, agent, request, reply, ctx }: Admitted) {
  const { body, upload } = await bodyAndUpload(call, request);
  const parsed = validate(call.body, body);
  if (!parsed.ok) throw badParameter(parsed.errors);
  const input: CallInput<C> = {
    body: parsed.data as z.output<C['body']>,
    upload,
    get principal() {
      if (!principal) throw new AppError(401);
      return principal;
    },
    get agent() {
      if (!agent) throw new AppError(401);
      return agent;
    },
    request,
    reply,
    ctx,
  };
  return handler(input);
}

/** The caller each request was admitted as; a request leaves no entry behind once it is collected. */
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Registers one call of the call table under the base API: access, admin-mode and privilege checks,
 * body validation with the call's shared schema, and the success envelope around the answer (an
 * `answersFile` call's file is sent as a download instead; an `upload` call's multipart body is
 * read here, its file capped while it streams).
 * Access is decided when the request arrives, before its body is read, so an unauthenticated caller
 * cannot make the server parse a body (agent result batches may be large).
 */
export function registerCall<C extends CallDefinition>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  const name = callNameOf(call);
  app.route({
    method: call.method,
    url: routeUrl(call.path),
    ...(call.bodyLimitBytes === undefined ? {} : { bodyLimit: call.bodyLimitBytes }),
    onRequest: async (request, reply) => {
      const caller = await admit(app.vigil, call, request, reply);
      authorize(call, caller.principal);
      callers.set(request, caller);
    },
    onResponse: async (_request, reply) => app.vigil.metrics?.callAnswered(name, reply.statusCode, reply.elapsedTime),
    handler: async (request, reply) => {
      const ctx = requestContext(app.vigil, request);
      const run = () => answer(call, handler, { ...(callers.get(request) ?? {}), request, reply, ctx });
      const data = await (isAudited(call) ? audited(ctx, call, request, run) : run());
      if (call.answersFile) return sendFileAnswer(reply, data as FileAnswer);
      return reply.send(successEnvelope(data));
    },
  });
}
