// A small multipart/form-data reader for the few calls that upload a file with a JSON part. It
// reads the whole body into memory under a hard limit, so keep the limits small.
import type { Context } from 'koa';
import { ApiError } from './errors';
import { assertJsonWithinLimits } from './middleware/input-guard';

export interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large');
const malformed = () => new ApiError(400, 'INVALID_REQUEST_FORMAT', 'The request is not valid multipart/form-data');

async function readBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The parts of a multipart/form-data request; at most maxParts, the whole body at most maxBytes. */
export async function readMultipart(
  ctx: Context,
  { maxBytes, maxParts = 10 }: { maxBytes: number; maxParts?: number },
): Promise<Part[]> {
  const type = ctx.get('content-type');
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  if (!match) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request as multipart/form-data');
  const boundary = Buffer.from(`--${match[1] ?? match[2]}`);
  const body = await readBody(ctx, maxBytes);

  const parts: Part[] = [];
  let start = body.indexOf(boundary);
  if (start === -1) throw malformed();
  while (true) {
    const afterBoundary = start + boundary.length;
    if (body.subarray(afterBoundary, afterBoundary + 2).toString() === '--') break; // closing delimiter
    if (body.subarray(afterBoundary, afterBoundary + 2).toString() !== '\r\n') throw malformed();
    const headerEnd = body.indexOf('\r\n\r\n', afterBoundary + 2);
    if (headerEnd === -1) throw malformed();
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), boundary]), headerEnd + 4);
    if (next === -1) throw malformed();
    if (parts.length >= maxParts) throw malformed();
    parts.push(
      parsePart(body.subarray(afterBoundary + 2, headerEnd).toString('utf8'), body.subarray(headerEnd + 4, next)),
    );
    start = next + 2;
  }
  return parts;
}

function parsePart(headerText: string, data: Buffer): Part {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (!/^form-data/i.test(disposition) || name === undefined) throw malformed();
  const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  return {
    name,
    filename: filename === null ? null : filename.replace(/^.*[\\/]/, ''),
    contentType: headers.get('content-type') ?? null,
    data,
  };
}

/** A JSON part, parsed; 400 when missing or not JSON. */
export function jsonPart(parts: Part[], name: string): unknown {
  const part = parts.find((p) => p.name === name);
  if (!part) throw new ApiError(400, 'REQUIRED_PARAMETER', `Required parameter ${name} was null or undefined`, name);
  let value: unknown;
  try {
    value = JSON.parse(part.data.toString('utf8'));
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST_FORMAT', `The part ${name} is not valid JSON`, name);
  }
  assertJsonWithinLimits(value, name);
  return value;
}
