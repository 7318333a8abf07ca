import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ApiResponse } from './test-app';

/** A small real PNG, made here rather than stored in the repository. */
export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 67, g: 56, b: 202 } },
  })
    .png()
    .toBuffer();
}

export type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

/** POST multipart form data the way a browser does (the fetch API encodes it). */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  token?: string,
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.filename ?? 'image.png',
    );
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      'content-type': encoded.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  }) as Promise<ApiResponse>;
}
