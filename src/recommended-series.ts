/** At most this many other series of the same subcategory under 'Recommended'. */
export const RECOMMENDED_LIMIT = 3

/**
 * The series 'Recommended' offers beside an episode: the other series of
 * its subcategory, in the catalogue's order, at most RECOMMENDED_LIMIT.
 * The episode's own series is never among them: its episodes are listed
 * on the same page already.
 */
export function recommendedSeries<T extends { readonly _id: string }>(subcategorySeries: readonly T[], currentSeriesId: string | undefined): T[] {
  return subcategorySeries.filter((series) => series._id !== currentSeriesId).slice(0, RECOMMENDED_LIMIT)
}
