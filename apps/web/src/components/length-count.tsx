/**
 * How much of a text's limit is used, shown once the text nears it (from four fifths): the limits
 * come from the domain's text limits, the same the server holds (decision 0021).
 */
export function LengthCount({ length, max }: { length: number; max: number }) {
  if (length < max * 0.8) return null;
  return (
    <span className="length-count" aria-live="polite">
      {length}/{max}
    </span>
  );
}
