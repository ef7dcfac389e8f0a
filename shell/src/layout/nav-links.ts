/** SPEC "Shared header": the same links in the bar and in the mobile menu. */
export const NAV_LINKS = [
  { label: 'Sports', to: '/genre/sports' },
  { label: 'Concert', to: '/genre/concert' },
  { label: 'Community', to: '/genre/community' },
  { label: 'Home', to: '/' },
] as const;

/** About Us (a placeholder in SPEC) leads to the About Us page. */
export const ABOUT_US_HREF = '/about';
