import { z } from 'zod';
import { API_BASE, acceptsApiKey, pathParamNames, type CallDefinition } from '../../shared/calls/index.js';
import { PLATFORM_SECRET_HEADER } from '../../shared/calls/platform.js';
import { Envelope, FieldError, successEnvelopeSchema } from '../../shared/envelope.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // The document declares its dialect once; embedded schemas need no $schema of their own.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const inputSchema = (schema: z.ZodType) => jsonSchema(schema, 'input');
const outputSchema = (schema: z.ZodType) => jsonSchema(schema, 'output');

const SECURITY: Record<CallDefinition['access'], Record<string, string[]>[]> = {
  public: [],
  session: [{ bearerAuth: [] }],
  platform: [{ platformSecret: [] }],
  agent: [{ agentKey: [] }],
};

/** A call an API key may make also names the key's scheme, and says which scope it needs (`x-api-key`). */
function securityOf(call: CallDefinition): Record<string, string[]>[] {
  return acceptsApiKey(call) ? [...SECURITY[call.access], { apiKey: [] }] : SECURITY[call.access];
}

/** Path parameters are fields of the body schema: declared as parameters, left out of the request body. */
function pathParameters(call: CallDefinition): { parameters: JsonSchema[]; body: JsonSchema } {
  const body = inputSchema(call.body);
  const names = pathParamNames(call.path);
  if (names.length === 0) return { parameters: [], body };
  const all = (body.properties ?? {}) as Record<string, JsonSchema>;
  const parameters = names.map((name) => ({ name, in: 'path', required: true, schema: all[name] ?? { type: 'string' } }));
  const properties = Object.fromEntries(Object.entries(all).filter(([name]) => !names.includes(name)));
  const { required: allRequired, ...rest } = body;
  const required = Array.isArray(allRequired) ? allRequired.filter((name) => !names.includes(String(name))) : [];
  return { parameters, body: { ...rest, properties, ...(required.length > 0 ? { required } : {}) } };
}

const BINARY: JsonSchema = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

/** An upload call's body: multipart with its file part (required, size-capped) beside the body's text fields. */
function multipartBody(call: CallDefinition, body: JsonSchema): JsonSchema {
  const upload = call.upload;
  if (!upload) return { 'application/json': { schema: body } };
  const properties = { ...((body.properties ?? {}) as Record<string, JsonSchema>) };
  properties[upload.field] = { ...BINARY, description: `The file, at most ${upload.maxBytes} bytes.` };
  const required = [upload.field, ...(Array.isArray(body.required) ? (body.required as string[]) : [])];
  return { 'multipart/form-data': { schema: { type: 'object', properties, required, additionalProperties: false } } };
}

/** The success answer: the envelope, or for `answersFile` calls the file itself (a zod `instanceof` has no JSON Schema). */
function successResponse(call: CallDefinition): JsonSchema {
  if (!call.answersFile) {
    return { description: 'Success', content: { 'application/json': { schema: outputSchema(successEnvelopeSchema(call.answer)) } } };
  }
  return {
    description: 'The file, as a download (refusals are the error envelope).',
    headers: { 'Content-Disposition': { schema: { type: 'string' }, description: "attachment; filename*=UTF-8''<name>" } },
    content: { 'application/octet-stream': { schema: BINARY } },
  };
}

function operation(id: string, call: CallDefinition): JsonSchema {
  const { parameters, body } = pathParameters(call);
  const op: JsonSchema = {
    operationId: id,
    summary: call.summary,
    tags: [call.path.split('/')[1] ?? 'api'],
    security: securityOf(call),
    responses: {
      '200': successResponse(call),
      default: { description: 'Error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    },
    'x-mutation': call.mutation,
    'x-api-key': acceptsApiKey(call) ? (call.mutation ? 'readWrite' : 'read') : false,
  };
  if (call.area) op['x-task-area'] = call.area;
  if (call.silent) op['x-silent'] = true;
  if (parameters.length > 0) op.parameters = parameters;
  if (call.method !== 'GET') {
    op.requestBody = { required: call.upload !== undefined, content: multipartBody(call, body) };
  }
  return op;
}

/** OpenAPI 3.1 document of the call table: the contract every client and tool reads. */
export function buildOpenApi(calls: Record<string, CallDefinition>, version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [id, call] of Object.entries(calls)) {
    const path = `${API_BASE}${call.path}`;
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(id, call) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil API', version },
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        platformSecret: { type: 'apiKey', in: 'header', name: PLATFORM_SECRET_HEADER },
        agentKey: { type: 'http', scheme: 'bearer' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (vgk_…) created on /apimanager, acting with its creator\'s privileges: on operations whose x-api-key is read (any key) or readWrite (read-write keys only); 60 calls at once, then 1 a second (2035, 429 with Retry-After).',
        },
      },
      schemas: {
        ErrorEnvelope: outputSchema(Envelope),
        FieldError: outputSchema(FieldError),
      },
    },
  };
}
