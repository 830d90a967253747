import { z } from 'zod';
import { TeamLedgerEntrySchema } from './live';
import { ScoreboardRouteSchema } from './scoreboards';

// A team's own results after its game (issue 38, decision 0088): 'I nostri risultati' on the
// end-of-game page. Only the team's own game: nothing of another team, no accepted answer, no
// hint's text.

/** One step of the team's game, in the route's order. */
export const TeamResultStepSchema = z.object({
  /** 1-based, in the route's order (the ledger's step numbers). */
  number: z.number().int(),
  place: z.string(),
  status: z.enum(['pending', 'ok', 'skipped']),
  /** The tries the team made at the step. */
  attempts: z.number().int(),
  /** Time on the step (its end minus the start of its clock); null when it was not ended. */
  elapsed_ms: z.number().int().nullable(),
  points: z.number().int(),
  /** The team's photo of the step through the player's photo route; null without one. */
  photo_url: z.string().nullable(),
});
export type TeamResultStep = z.infer<typeof TeamResultStepSchema>;

/** `gameResults.own`: the team's own results of its game, once the game is over. */
export const TeamResultsSchema = z.object({
  game_id: z.string(),
  team_name: z.string(),
  route: ScoreboardRouteSchema,
  /** The team's place on the route's overall ranking, as the result card's; null without a row. */
  position: z.number().int().nullable(),
  total_score: z.number().int(),
  /** From the game's start to its end; null when either is unknown. */
  total_ms: z.number().int().nullable(),
  /** When the game ended (ISO); null when unknown. */
  finished_at: z.string().nullable(),
  steps: z.array(TeamResultStepSchema),
  /** The team's ledger ('Perché questi punti'), oldest first, each entry with its reason. */
  ledger: z.array(TeamLedgerEntrySchema),
});
export type TeamResults = z.infer<typeof TeamResultsSchema>;
