/**
 * The MCP endpoint's sessions (Streamable HTTP keeps one transport and server per `Mcp-Session-Id`),
 * bounded: at most `perAddress` per client address and `total` in all, each closed once idle for
 * `idleMs`. When the table is full, the least recently used session is closed if it has been idle
 * for `evictableAfterMs`; otherwise the new one is refused. A closed session's client gets 404 and,
 * as the specification says, starts a new one.
 */
import { MCP_SESSION_LIMITS } from '../../core/metering/limits.js';

interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  transport: T;
  address: string;
  lastSeen: number;
}

/** An admitted request holds its place until `settle` (called once its initialize is answered, opened or not). */
export type Admission =
  { admitted: true; settle(): void } | { admitted: false; status: 429 | 503; retryAfter: number; reason: string };

export function createSessionTable<T extends Closable>(limits = MCP_SESSION_LIMITS, now = () => Date.now()) {
  // Insertion order is recency order: a touched entry is moved to the end.
  const entries = new Map<string, Entry<T>>();
  const perAddress = new Map<string, number>();
  // Places held by initialize requests still being answered: counted, so concurrent ones cannot pass the limits together.
  const pending = new Map<string, number>();
  let pendingTotal = 0;
  const holding = (address: string) => (perAddress.get(address) ?? 0) + (pending.get(address) ?? 0);

  function remove(id: string) {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    const left = (perAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) perAddress.set(entry.address, left);
    else perAddress.delete(entry.address);
    return entry;
  }

  function close(id: string) {
    const entry = remove(id);
    void entry?.transport.close().catch(() => undefined);
  }

  /** Closes every session idle for longer than the limit (the oldest are first). */
  function sweep() {
    const t = now();
    for (const [id, entry] of entries) {
      if (t - entry.lastSeen < limits.idleMs) break;
      close(id);
    }
  }
  const sweeper = setInterval(sweep, Math.min(limits.idleMs, 30_000));
  sweeper.unref();

  return {
    limits,
    get size() {
      return entries.size;
    },
    /** Whether `address` may open one more session now. */
    admit(address: string): Admission {
      sweep();
      const t = now();
      if (holding(address) >= limits.perAddress) {
        const oldest = [...entries.values()].find((e) => e.address === address);
        const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.lastSeen + limits.idleMs - t) / 1000)) : 1;
        const reason = `This address has ${limits.perAddress} open sessions, the most one client may hold: end one (DELETE with its Mcp-Session-Id) or retry in ${retryAfter} s.`;
        return { admitted: false, status: 429, retryAfter, reason };
      }
      if (entries.size + pendingTotal >= limits.total) {
        const [lruId, lru] = entries.entries().next().value ?? [];
        if (!lru || t - lru.lastSeen < limits.evictableAfterMs) {
          const retryAfter = Math.ceil(limits.evictableAfterMs / 1000);
          return {
            admitted: false,
            status: 503,
            retryAfter,
            reason: 'The endpoint holds as many sessions as it can; retry shortly.',
          };
        }
        close(lruId!);
      }
      pending.set(address, (pending.get(address) ?? 0) + 1);
      pendingTotal++;
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        pendingTotal--;
        const left = (pending.get(address) ?? 1) - 1;
        if (left > 0) pending.set(address, left);
        else pending.delete(address);
      };
      return { admitted: true, settle };
    },
    add(id: string, transport: T, address: string) {
      // A session resumed from the database comes without admission: the least recently used makes room.
      if (entries.size >= limits.total) close(entries.keys().next().value!);
      entries.set(id, { transport, address, lastSeen: now() });
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    },
    /** The session's transport, marked as just used. */
    get(id: string): T | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entries.delete(id);
      entry.lastSeen = now();
      entries.set(id, entry);
      return entry.transport;
    },
    remove: (id: string) => void remove(id),
    /** Closes every session (the server is stopping). */
    closeAll() {
      clearInterval(sweeper);
      for (const id of [...entries.keys()]) close(id);
    },
  };
}
