/**
 * One writer per PGlite data folder. PGlite has no lock of its own: two processes on one folder each
 * keep their own copy and lose each other's writes. The lock is a local socket named after the
 * folder's real path, held by listening on it: the kernel frees it when the process ends, however it
 * ends (kill -9 included), so no stale lock is ever left behind. On Linux it is an abstract socket
 * (one per network namespace), on Windows a named pipe; elsewhere a socket file in the temporary
 * folder, taken over when nothing answers on it. Whoever holds it tells a second process who it is.
 */
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class DataFolderInUse extends Error {
  constructor(folder: string, holder: string) {
    super(
      `The data folder ${folder} is in use by ${holder}. Stop that process, or start this one with another SANDBOX_DATA_DIR; to run several processes on one database, use DATABASE_URL (PostgreSQL).`,
    );
    this.name = 'DataFolderInUse';
  }
}

function socketAddress(folder: string): string {
  const id = createHash('sha256').update(realpathSync(folder)).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0service-valuation-db-${id}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\service-valuation-db-${id}`;
  // A socket file's path must fit in about 100 bytes (macOS's temporary folder alone is near 50).
  return join(tmpdir().length > 60 ? '/tmp' : tmpdir(), `svdb-${id.slice(0, 16)}.sock`);
}

/** Whether the lock is a file that outlives its process (elsewhere the name dies with the listener). */
const isSocketFile = (address: string) => !address.startsWith('\0') && !address.startsWith('\\\\?\\pipe');

/** Who holds the lock, as the holder says; undefined when nothing answers (a socket file left by a dead process). */
function askHolder(address: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let said = '';
    const socket = createConnection(address);
    socket.setEncoding('utf8');
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (said += chunk));
    socket.on('end', () => resolve(said.slice(0, 300) || 'another process'));
    socket.on('close', () => resolve(said.slice(0, 300) || 'another process'));
    socket.on('error', () => resolve(undefined));
  });
}

function listenOn(address: string, description: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end(description));
    server.once('error', reject);
    server.listen(address, () => {
      server.unref(); // the lock never keeps the process alive
      resolve(server);
    });
  });
}

/**
 * Takes `folder` for this process, or throws DataFolderInUse naming the process that has it.
 * `description` says who this process is (shown to a second one).
 */
export async function lockDataFolder(folder: string, description: string): Promise<{ release(): Promise<void> }> {
  const address = socketAddress(folder);
  const holder = `process ${process.pid} (${description})`;
  let server: Server;
  try {
    server = await listenOn(address, holder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const other = await askHolder(address);
    if (other) throw new DataFolderInUse(folder, other);
    // Nothing answers: a socket file left by a dead process, or a holder that just exited. Try once more.
    if (isSocketFile(address)) rmSync(address, { force: true });
    server = await listenOn(address, holder);
  }
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}
