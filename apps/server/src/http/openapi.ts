/** The OpenAPI document, generated from the contract calls the server binds: the contract is the API's documentation. */
import { z } from 'zod';
import { responseSchema, type CallDef } from '@portal/contract';

const json = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' });

export function openApiDocument(calls: { call: CallDef; url: string }[], title: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { call, url } of calls) {
    const path = url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', call.params], ['query', call.query]] as const) {
      const props = schema ? ((json(schema) as { properties?: Record<string, unknown> }).properties ?? {}) : {};
      for (const [name, s] of Object.entries(props)) parameters.push({ name, in: where, required: where === 'path', schema: s });
    }
    if (call.auth !== 'none') parameters.push({ name: 'Authorization', in: 'header', required: call.auth === 'required' || call.auth === 'operator' || call.auth === 'admin', schema: { type: 'string' } });
    const requestBody = call.upload
      ? { content: { 'multipart/form-data': { schema: { type: 'object', properties: { [call.upload.field]: { type: 'string', format: 'binary' } } } } } }
      : call.body
        ? { content: { 'application/json': { schema: json(call.body) } } }
        : undefined;
    paths[path] = {
      ...paths[path],
      [call.method.toLowerCase()]: {
        operationId: call.name,
        summary: call.summary,
        parameters,
        ...(requestBody ? { requestBody } : {}),
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: json(responseSchema(call)) } } },
          400: { description: 'Malformed request: the envelope names the field and the rule' },
          401: { description: 'Missing, unknown, expired or revoked session' },
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title, version: '1' }, paths };
}
