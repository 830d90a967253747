import { z } from 'zod';

// 'Continua su un altro telefono' (decision 0066): a team's game moves to a second phone with a
// short code instead of an e-mail round trip. The code is shown once, to the team that asked.

/** `handoff.issue`: a fresh code for the game, and until when it can be redeemed. */
export const HandoffCodeSchema = z.object({
  code: z.string(),
  expires_at: z.string(),
});
export type HandoffCode = z.infer<typeof HandoffCodeSchema>;

/** `handoff.redeem`: the code typed on (or carried by the QR code to) the second phone. */
export const RedeemHandoffRequestSchema = z.object({ code: z.string().max(32) });
export type RedeemHandoffRequest = z.infer<typeof RedeemHandoffRequestSchema>;

/** Where the second phone goes on: the game, with the team's cookie set beside this answer. */
export const RedeemHandoffResponseSchema = z.object({
  game_id: z.string(),
  route_slug: z.string(),
});
export type RedeemHandoffResponse = z.infer<typeof RedeemHandoffResponseSchema>;
