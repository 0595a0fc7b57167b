import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

const HASH = `sha256-${'A'.repeat(43)}=`;
let dist: string;

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'selah-inline-'));
  mkdirSync(path.join(dist, '.vite'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const write = (text: string) => writeFileSync(path.join(dist, '.vite', 'csp-hashes.json'), text);

describe('inlineScriptHashes', () => {
  it("reads the build's hashes and drops anything that is not a sha256 hash source", () => {
    write(JSON.stringify({ scriptSrc: [HASH, "'unsafe-inline'", `'${HASH}'`, 42, 'sha256-x='] }));
    expect(inlineScriptHashes(dist)).toEqual([HASH]);
  });

  it('gives none without a readable file', () => {
    expect(inlineScriptHashes(dist)).toEqual([]);
    write('{not json');
    expect(inlineScriptHashes(dist)).toEqual([]);
    write(JSON.stringify({ scriptSrc: HASH }));
    expect(inlineScriptHashes(dist)).toEqual([]);
  });
});
