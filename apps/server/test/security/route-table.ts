import type { FastifyInstance } from 'fastify';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** One registered route, as Fastify spells it (`/api/journals/:id`). HEAD and OPTIONS are left out. */
export interface RegisteredRoute {
  method: HttpMethod;
  url: string;
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * Every route the app registered, read from Fastify's own route tree (`printRoutes`), so hidden
 * routes (not in the OpenAPI document) are included too. Each line of the tree is one radix node:
 * its depth is its indentation in 4-character steps, its text extends its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3}|[├└]── )*)(\S+)(?: \(([^)]*)\))?\s*$/u.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? '')].length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    // A wildcard child of a static node is printed without its slash (`/api/docs` then `*`).
    stack.push(segment === '*' && !stack.join('').endsWith('/') ? '/*' : segment);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (METHODS.has(method)) routes.push({ method: method as HttpMethod, url });
    }
  }
  return routes;
}

/** The OpenAPI document's operations, with `{id}` turned back into Fastify's `:id`. */
export interface OpenApiOperation extends RegisteredRoute {
  path: string;
  operation: OpenApiOperationObject;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperationObject {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, OpenApiOperationObject>>>;
}

export async function openApiOperations(app: FastifyInstance): Promise<OpenApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const out: OpenApiOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(ops)) {
      const upper = method.toUpperCase();
      if (!operation || !METHODS.has(upper)) continue;
      out.push({
        method: upper as HttpMethod,
        url: path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'),
        path,
        operation,
      });
    }
  }
  return out;
}

/** Whether a registered route's URL has a path parameter. */
export const takesId = (url: string) => url.includes('/:');
