import { z } from 'zod';

/** `GET /api/health`: whether the process and its database answer. */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  version: z.string(),
  uptimeS: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
