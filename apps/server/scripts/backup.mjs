// `npm run backup` and `npm run restore -- <file>`: the commands live with the server's start-up
// code (src/bootstrap/backup-command.ts, decision 0077); tsx runs its TypeScript as it is. The
// first argument names the command.
import '../src/bootstrap/backup-command.ts';
