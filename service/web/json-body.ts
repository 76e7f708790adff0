/** A write's JSON body, read within a size limit: the value, or why it cannot be read (a problem code and words). */
export const MAX_JSON_BODY_BYTES = 1_000_000;

export type BodyRead =
  | { body: unknown; text: string }
  | { problem: 'payload_too_large' | 'unsupported_media_type' | 'invalid_request'; detail: string };

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<BodyRead> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    return { problem: 'unsupported_media_type', detail: 'Send the body as JSON, with Content-Type: application/json.' };
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return tooLarge(maxBytes);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      return tooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { problem: 'invalid_request', detail: 'The body is not valid JSON.' };
  }
}

const tooLarge = (maxBytes: number) => ({
  problem: 'payload_too_large' as const,
  detail: `The body is over ${maxBytes.toLocaleString('en')} bytes.`,
});
