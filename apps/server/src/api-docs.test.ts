import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintApiDocument } from '../test/api-document.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let source: string;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  const { paths } = JSON.parse(source) as Document;
  operations = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** A value for each path parameter (a route behind a session refuses before reading it). */
const SAMPLE: Record<string, string> = { key: 'a'.repeat(22) };
const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document (/api/docs)', () => {
  it("passes Redocly's recommended lint (apps/server/redocly.yaml) with no error or warning", async () => {
    expect(await lintApiDocument(source)).toEqual([]);
  });

  it('gives every operation a short summary, an operationId and one tag', () => {
    expect(operations.length).toBeGreaterThan(90);
    const unfit = operations
      .filter(({ operation: o }) => !(o.summary && o.summary.length <= 60 && o.operationId))
      .map(({ method, path }) => `${method} ${path}`);
    expect(unfit).toEqual([]);
    expect(operations.filter(({ operation: o }) => o.tags?.length !== 1)).toEqual([]);
  });

  it('declares the bearer session on exactly the operations that refuse a signed-out request', async () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? ANY_ID);
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      const security = JSON.stringify(operation.security);
      const refused =
        res.statusCode === 401 && res.json<{ code: string }>().code === 'UNAUTHENTICATED';
      const where = `${method.toUpperCase()} ${path} (security ${security}, answered ${res.statusCode})`;
      if (security === '[{"bearer":[]}]') {
        if (!refused) wrong.push(`${where}: declares the session but does not require it`);
      } else if (security === '[]') {
        if (res.statusCode === 401) wrong.push(`${where}: refuses a signed-out request undeclared`);
      } else if (![401, 404].includes(res.statusCode)) {
        // Its own credentials (a webhook's signature, the photo cookie): refused without them.
        wrong.push(`${where}: answers without the credentials it declares`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
