/**
 * A write's body, read once and within a size limit (the limit holds while reading: a body past it is
 * never held whole): its text, its JSON value, or why it cannot be read (a problem code and words).
 */
export const MAX_JSON_BODY_BYTES = 1_000_000;

type BodyProblem = { problem: 'payload_too_large' | 'unsupported_media_type' | 'invalid_request'; detail: string };

export type TextRead = { text: string } | BodyProblem;
export type BodyRead = { body: unknown; text: string } | BodyProblem;

/** The body as text, or payload_too_large as soon as it passes `maxBytes`. */
export async function readLimitedText(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<TextRead> {
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
  return { text: new TextDecoder().decode(Buffer.concat(chunks)) };
}

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<BodyRead> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    return { problem: 'unsupported_media_type', detail: 'Send the body as JSON, with Content-Type: application/json.' };
  const read = await readLimitedText(request, maxBytes);
  if ('problem' in read) return read;
  try {
    return { body: JSON.parse(read.text), text: read.text };
  } catch {
    return { problem: 'invalid_request', detail: 'The body is not valid JSON.' };
  }
}

const tooLarge = (maxBytes: number) => ({
  problem: 'payload_too_large' as const,
  detail: `The body is over ${maxBytes.toLocaleString('en')} bytes.`,
});
