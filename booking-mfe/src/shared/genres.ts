import type { Genre } from '@sports/contracts';

/** SPEC "Events by genre": the page title of each genre. */
export const GENRE_TITLES: Readonly<Record<Genre, string>> = {
  sports: 'Sports Events',
  concert: 'Concerts & Music',
  community: 'Community Activities',
};

export function isGenre(value: string | undefined): value is Genre {
  return value !== undefined && Object.prototype.hasOwnProperty.call(GENRE_TITLES, value);
}
