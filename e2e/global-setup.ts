import { startServer } from './server';

/** Starts the shared server and hands its address to the tests through `E2E_BASE_URL`. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
