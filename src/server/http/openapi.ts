import { z } from 'zod';
import { API_BASE, pathParamNames, type CallDefinition } from '../../shared/calls/index.js';
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

function operation(id: string, call: CallDefinition): JsonSchema {
  const { parameters, body } = pathParameters(call);
  const op: JsonSchema = {
    operationId: id,
    summary: call.summary,
    tags: [call.path.split('/')[1] ?? 'api'],
    security: SECURITY[call.access],
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: outputSchema(successEnvelopeSchema(call.answer)) } } },
      default: { description: 'Error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    },
    'x-mutation': call.mutation,
  };
  if (call.area) op['x-task-area'] = call.area;
  if (call.silent) op['x-silent'] = true;
  if (parameters.length > 0) op.parameters = parameters;
  if (call.method !== 'GET') {
    op.requestBody = { required: false, content: { 'application/json': { schema: body } } };
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
      },
      schemas: {
        ErrorEnvelope: outputSchema(Envelope),
        FieldError: outputSchema(FieldError),
      },
    },
  };
}
