/**
 * The try: a team's answer to a step (`submitAnswer`), a skip (`skipStep`) and the end of an
 * exploration route (`finishExploration`), the hot path of a game (decisions 0011, 0051, 0054,
 * 0062). Everything that judges or writes a try lives in this folder; the rest of the server
 * calls it through this file. Its invariants:
 *
 * 1. **One statement per try on the hot path, no transaction, no lock.** A try reads what it needs
 *    in one statement on one snapshot (`readTry`) and writes everything it changes in one statement
 *    of writable CTEs (`writeTry`), its events of the score ledger included (`try`, `skip`,
 *    `wrong_try`, `finish`: one insert, so their ids keep their order; decision 0069): the game's
 *    `total_score` moves by the points of the events written with it, so it is always the sum of
 *    its events. The instance that wrote a game last judges its next try on what that write left
 *    (the try cache), so a try of a game in play is the write alone; a request already answered by
 *    this instance sends nothing.
 * 2. **The write holds only on the versions judged.** `writeTry` writes the game's row first and
 *    every other write only after it, and the game's row only while it and its route's row are the
 *    versions (`xmin`) the try was judged on. Otherwise nothing is written and the same request is
 *    read and judged again (`judgeOnce`, at most 100 rounds).
 * 3. **Idempotent by `submission_id`.** The reply is stored in `idempotency_keys` (scope
 *    `game:<id>`, `gameReplyScope`) in the same statement as the try's effects, and only when they
 *    were written; a request whose id was answered gets that first reply again and changes nothing.
 * 4. **The try cache's rule** (`try-cache.ts`): it keeps only what this instance's own write
 *    answered (the game's row with its version, the steps it wrote merged into the states read) and
 *    the steps' definitions by route version. It is never trusted for more than a guess: the write
 *    still checks both versions, a refusal judged on it (a step done, too many tries) is judged
 *    again on a fresh read before it is answered, and a game whose cached write failed is read
 *    before each try for `CONTENDED_MS`. One cache per database handle, next to the database
 *    (`games.tasks.ts`: in the database thread on PGlite).
 * 5. **Who may write a game's rows.** `games` and `game_steps` are written only here (the try) and
 *    by `writeGameOutsideTry` (`../game-writes.repository.ts`), which writes the game's row with
 *    every write of its steps, its events and any change of its score (staff actions,
 *    `modules/ledger/`, in one transaction with the game locked), so the row's version tells a
 *    cached try that something changed; a new game and the erasure of games are written there too.
 *    A route's steps are edited with a write of the route's row (`syncSteps`). The lint fence in
 *    `eslint.config.js` keeps every other file from writing those tables.
 * 6. **The writes of one try touch different rows and none needs another's effect**: PostgreSQL
 *    runs the CTEs of one statement on one snapshot, in no set order (the events are new rows,
 *    inserted by one CTE only after the game row's write: `AFTER_GAME_ROW`). The game's rows are
 *    reached by its id, found under the tenant condition (decision 0015).
 * 7. **Judging is the domain's**: the rules (`@tappa/domain`, `try-verdict.ts`) run in the app on
 *    what was read or cached alike; the SQL only reads and writes. The column lists of the
 *    statements come from the Drizzle schema (`try-columns.repository.ts`).
 */
export { finishExploration } from './finish.service';
export type { GameAfterTry } from './judge-once';
export { gameReplyScope } from './try-read.repository';
export { skipStep, submitAnswer } from './tries.service';
export { nextPendingIndex } from './try-verdict';
export type { GameEventInsert } from './try-write.repository';
