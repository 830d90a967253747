import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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

/** One uploaded file of {@link receiveFileUpload}: where it waits, its size, its original name. */
export interface ReceivedFile {
  /** A temporary file: the caller removes it (the `remove` of the answer). */
  path: string;
  sizeBytes: number;
  filename: string;
}

/**
 * Receives a multipart request of one file in the part `field` and an optional `data` part
 * (JSON), in either order, the file streamed to a temporary file in `tempDir` rather than held
 * in memory. Its own size limit `maxBytes` (not the platform's) refuses a larger file with
 * `tooLarge()` as soon as the upload passes it; any other file part, or a second file, is
 * refused. `remove()` deletes the temporary file: call it once done, whatever happened.
 */
export async function receiveFileUpload(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; tempDir: string; tooLarge: () => AppError },
): Promise<{ data: unknown; file: ReceivedFile | null; remove: () => Promise<void> }> {
  if (!request.isMultipart()) throw new AppError('multipart_required');
  await mkdir(opts.tempDir, { recursive: true });
  const temp = path.join(opts.tempDir, `upload-${randomUUID()}`);
  const remove = () => rm(temp, { force: true });
  let dataText: string | null = null;
  let file: ReceivedFile | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: 5, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.field) {
          throw new AppError('form_file_unexpected', { field: part.fieldname });
        }
        await pipeline(part.file, createWriteStream(temp));
        if (part.file.truncated) throw opts.tooLarge();
        const { size } = await stat(temp);
        file = size > 0 ? { path: temp, sizeBytes: size, filename: part.filename } : null;
      } else if (part.fieldname === 'data' && typeof part.value === 'string') {
        dataText = part.value;
      }
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
    return { data, file, remove };
  } catch (error) {
    await remove();
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    throw malformed(error);
  }
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
