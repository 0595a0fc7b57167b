import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

/** The lint rules of the OpenAPI document (apps/server/redocly.yaml). */
const REDOCLY_CONFIG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../redocly.yaml',
);

/** A problem as one line: severity, rule, where and what. */
const line = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;

/**
 * Redocly's lint of an OpenAPI document as `/api/docs/json` serves it (recommended rules plus
 * ours): every error and warning, one line each; none means it passes.
 */
export async function lintApiDocument(source: string): Promise<string[]> {
  const config = await loadConfig({ configPath: REDOCLY_CONFIG });
  const problems = await lintFromString({ source, absoluteRef: 'api-docs.json', config });
  return problems.map(line);
}
