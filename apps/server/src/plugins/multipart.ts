import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Largest uploaded file the platform takes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Registers multipart parsing with size limits. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
}

/** A multipart request read whole: the JSON of its `data` part and its files by field name. */
export interface MultipartForm {
  data: unknown;
  files: Map<string, Buffer>;
}

/**
 * Reads a multipart request made of a `data` part (JSON) and file parts named in `fileFields`;
 * other files are refused.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
  opts: { dataRequired?: boolean } = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('multipart_required');
  }
  let dataText: string | null = null;
  const files = new Map<string, Buffer>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        throw new AppError('form_file_unexpected', { field: part.fieldname });
      }
      const body = await part.toBuffer();
      if (body.length > 0) files.set(part.fieldname, body);
    } else if (part.fieldname === 'data' && typeof part.value === 'string') {
      dataText = part.value;
    }
  }
  if (dataText === null) {
    if (opts.dataRequired === false) return { data: null, files };
    throw new AppError('form_data_missing');
  }
  try {
    return { data: JSON.parse(dataText) as unknown, files };
  } catch {
    throw new AppError('form_data_invalid');
  }
}
