/**
 * Parses a route id. Anything but a positive whole number names nothing, so
 * it gets the same 404 as an unknown id instead of a database error.
 */
export function parseId(raw: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined
}
