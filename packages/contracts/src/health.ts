import { z } from 'zod';

/** `health.read`: whether the process and its database answer, and scoreboard counters. */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  version: z.string(),
  uptimeS: z.number(),
  /** Open scoreboard event streams and ranking computations since start (for the bench). */
  scoreboard: z.object({
    open_streams: z.number().int(),
    rankings_computed: z.number().int(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
