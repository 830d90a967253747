// The database thread's entry: workers do not take `--import tsx` from the command line, so
// tsx is registered here before the TypeScript of the thread loads (docs/decisions/0001).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
