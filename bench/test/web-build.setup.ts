import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildWeb, tempWebDist } from '../bundle-size.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The web app's production build, made once for every test file of the project. */
    webDist: string;
  }
}

/**
 * Builds apps/web once (about a minute) for the tests that need the real build
 * (`test/web-*.test.ts`), and removes it afterwards.
 */
export default function setup(project: TestProject): () => void {
  const dist = tempWebDist();
  buildWeb(dist);
  project.provide('webDist', dist);
  return () => rmSync(dist, { recursive: true, force: true });
}
