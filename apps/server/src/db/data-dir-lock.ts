/**
 * PGlite has one connection and no lock of its own: two processes on one DATA_DIR both start and
 * silently lose writes. A lock file holding the owner's pid makes the second one refuse; a lock
 * whose pid is dead (a crash, a SIGKILL, a container restart) is stale and taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'fieldhouse.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another Fieldhouse process (pid ${pid}); stop it or use another DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds: the same pid in a lock file we did not write is a previous life. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock on `dataDir` or throws DataDirLockedError; the returned function releases it. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' creates the file only if it does not exist: atomic between processes.
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(path);
      const release = () => {
        if (!held.delete(path)) return;
        process.off('exit', release);
        if (readOwner(path) === process.pid) unlinkSync(path);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    const previousLife = owner === process.pid && !held.has(path);
    if (owner !== undefined && !previousLife && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    // Stale (dead pid, unreadable, or our own pid from before a restart): remove it and retry.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(path) ?? 0);
}
