// `npm run superadmin -- --email …`: the command lives with the server's start-up code
// (src/bootstrap/superadmin-command.ts, decision 0067); tsx runs its TypeScript as it is.
import '../src/bootstrap/superadmin-command.ts';
