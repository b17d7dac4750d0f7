/**
 * The years a release may hold (a study's publication year, a disease's discovery year): the importer
 * refuses any other, so a list with one row per year (the history charts) has at most YEARS_IN_RANGE rows,
 * whatever the release's size, and the GraphQL cost model can say so.
 */
export const YEAR_RANGE = { first: 1500, last: 2100 } as const;
export const YEARS_IN_RANGE = YEAR_RANGE.last - YEAR_RANGE.first + 1;
