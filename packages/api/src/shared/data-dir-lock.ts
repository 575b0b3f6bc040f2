import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is a single-process database: two processes writing one folder
 * corrupt it. A pid file makes the second one fail with a clear message.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = join(dataDir, "streamkit.pid");
  try {
    const holder = Number(readFileSync(lockFile, "utf8").trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The embedded database in ${dataDir} is in use by process ${holder}. Stop it, or set DATABASE_URL to share a PostgreSQL database.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  const release = () => {
    try {
      if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // Already gone.
    }
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process holding the embedded database, if another one does. */
export function lockHolder(dataDir: string): number | null {
  try {
    const holder = Number(readFileSync(join(dataDir, "streamkit.pid"), "utf8").trim());
    return holder && holder !== process.pid && isAlive(holder) ? holder : null;
  } catch {
    return null;
  }
}
