import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { refuseNulText } from './nul-text';

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
  try {
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
  } catch (error) {
    throw malformed(error);
  }
  if (dataText === null) {
    if (opts.dataRequired === false) return { data: null, files };
    throw new AppError('form_data_missing');
  }
  let data: unknown;
  try {
    data = JSON.parse(dataText) as unknown;
  } catch {
    throw new AppError('form_data_invalid');
  }
  refuseNulText(data, '');
  return { data, files };
}

/** One uploaded file of {@link readFileUpload}: its bytes and the name the browser gave it. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads a multipart request of one file in the part `field` (up to `maxBytes`, its own limit
 * rather than the platform's) and an optional `data` part (JSON), in either order. A larger
 * file is refused with `tooLarge()` as soon as it passes the limit; any other file part, or a
 * second file, is refused.
 */
export async function readFileUpload(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; tooLarge: () => AppError },
): Promise<{ data: unknown; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw new AppError('multipart_required');
  let dataText: string | null = null;
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: 5, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.field) {
          throw new AppError('form_file_unexpected', { field: part.fieldname });
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = { bytes, filename: part.filename };
      } else if (part.fieldname === 'data' && typeof part.value === 'string') {
        dataText = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    throw malformed(error);
  }
  let data: unknown = null;
  if (dataText !== null) {
    try {
      data = JSON.parse(dataText) as unknown;
    } catch {
      throw new AppError('form_data_invalid');
    }
    refuseNulText(data, '');
  }
  return { data, file };
}

/**
 * A form the parser could not read (no or a wrong boundary, cut short) is the client's error:
 * `form_data_invalid`. Our own refusals and the size limits (413) pass as they are.
 */
function malformed(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return error;
  return new AppError('form_data_invalid', undefined, {
    cause: error,
    message: error instanceof Error ? error.message : 'Malformed multipart form',
  });
}
