import { writeQrVideo } from './fake-camera';
import { FAKE_CAMERA_VIDEO, QR_CODE_ON_CAMERA } from './fixtures';
import { startServer } from './server';

/**
 * Films the QR code for the fake camera, starts the shared server and hands its address to the
 * tests through `E2E_BASE_URL`.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await writeQrVideo(QR_CODE_ON_CAMERA, FAKE_CAMERA_VIDEO);
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
