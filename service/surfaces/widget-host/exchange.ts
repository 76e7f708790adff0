/** A request to the widget host and its answer, as any transport (a Node server, MSW) hands them over. */
export interface HostRequest {
  method: string;
  url: URL;
  /** The browser's `Origin` header, or null when the request had none. */
  origin: string | null;
  /** The visitor's network address, as the transport saw it. */
  clientAddress?: string;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** How long the transport should wait before answering (the "slow" magic values). */
  delayMs: number;
}
