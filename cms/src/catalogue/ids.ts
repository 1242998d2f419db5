/**
 * First ids of each entity kind, in separate ranges so a mixed-up id never
 * resolves: series from 101, episodes from 1001. The sample catalogue and the
 * generator number from them, and a new entity never takes an id below its
 * kind's first.
 */
export const FIRST_ID = { category: 1, subcategory: 11, series: 101, episode: 1001, featured: 1 } as const

/**
 * What names an entity in a URL: a positive whole number of at most 15
 * digits, so it is always a safe integer. Anything else names nothing and
 * gets the same 404 as an unknown id, never a database error.
 */
export const ID_PATTERN = "^[1-9][0-9]{0,14}$"
