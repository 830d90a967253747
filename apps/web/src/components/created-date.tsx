/** Created dates are shown the Italian way (dd/mm/yyyy) in every administration table. */
const DATE_FORMAT = new Intl.DateTimeFormat('it-IT');

/** A record's created date (`iso`, from the API) as the administration tables show it. */
export function CreatedDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DATE_FORMAT.format(new Date(iso))}</time>;
}
