import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitOptions = Parameters<NodeFS['init']>[1];

/** The parts of Emscripten's NODEFS (the file system PGlite's NodeFS mounts) used here. */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number; node?: { mode: number } }) => number };
  tryFSOperation: <T>(operation: () => T) => T;
}

/**
 * PGlite's Node file system with a working fsync. Emscripten's NODEFS has no `fsync` of its own,
 * so PostgreSQL's fsync() calls returned success without reaching the disk: this one calls
 * fsync(2) on the file (or directory) PostgreSQL names, and a failure reaches PostgreSQL as an
 * I/O error (which it answers with a PANIC rather than carry on, as on any system).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: InitOptions): Promise<{ emscriptenOpts: InitOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const withFsync = (mod: { NODEFS: unknown; FS: { isDir: (mode: number) => boolean } }) => {
      const nodefs = mod.NODEFS as NodeFsInternals;
      nodefs.stream_ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd === undefined) return 0;
        // A file's data and size (fdatasync, as PostgreSQL syncs its WAL on Linux); a
        // directory's entries (fsync).
        const directory = stream.node !== undefined && mod.FS.isDir(stream.node.mode);
        nodefs.tryFSOperation(() => (directory ? fs.fsyncSync(fd) : fs.fdatasyncSync(fd)));
        return 0;
      };
    };
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [withFsync, ...(emscriptenOpts.preRun ?? [])] },
    };
  }
}

/**
 * fsync(2) on every file and directory under `dir`, directories after their contents: what
 * PostgreSQL's initdb does before it reports a new folder as created.
 */
export function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) syncPath(child);
  }
  syncPath(dir);
}

/** fsync(2) on one file or directory. */
export function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
