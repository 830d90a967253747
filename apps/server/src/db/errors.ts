/** Whether a database error is a unique-constraint violation (optionally of `constraint`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => {
    if (typeof e !== 'object' || e === null) return false;
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    return code === '23505' && (constraint === undefined || name === constraint);
  });
}
