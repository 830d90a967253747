import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createTempDir } from './temp-dir';

/** A local S3 stand-in (s3rver) in a temporary folder, and how the app and tests reach it. */
export interface S3Stub {
  /** The app's environment to store its files in `bucket` there. */
  env: NodeJS.ProcessEnv;
  /** A client of the stand-in, to look at the bucket behind the app's back. */
  client: S3Client;
  close(): Promise<void>;
}

/** Starts s3rver on a free port; the app creates `bucket` at start. */
export async function startS3Stub(bucket: string): Promise<S3Stub> {
  const tmp = await createTempDir('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tmp.path,
    configureBuckets: [],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    client,
    close: async () => {
      client.destroy();
      await server.close();
      await tmp.remove();
    },
  };
}
