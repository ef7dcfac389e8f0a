import type { Genre } from '@sports/contracts';

/**
 * The 26 visitor events of the demo (SPEC §3). `on` is the date of SPEC's 2025 sample run
 * (April to November 2025) and `at` the local start time in Asia/Manila (absent: no time
 * announced). The seed keeps their order and spacing but moves them so that the first one
 * falls a week after the day it runs (see anchorDates).
 */
export interface DemoEvent {
  id: number;
  genre: Genre;
  title: string;
  description: string;
  about?: string;
  on: string;
  at?: string;
  price: number;
  organizer?: string;
  hue: number;
  featured?: { rank: number; text: string };
}

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    id: 1,
    genre: 'sports',
    title: 'Palarong Panlungsod Multi-Sport Championship',
    description: 'Athletes from every barangay compete in athletics, swimming, badminton, table tennis and more.',
    about:
      'The city\'s biggest sporting week opens at the Sports Complex arena. Barangay delegations parade in, then compete across twelve sports, from sprints and relays on the oval to badminton and table tennis inside the arena. Medal rounds run through the afternoon; bring your barangay colours and cheer your neighbours on.',
    on: '2025-04-12',
    at: '08:00',
    price: 100,
    organizer: 'City Sports Development Office',
    hue: 212,
    featured: { rank: 1, text: 'Twelve sports, every barangay, one arena. Cheer your team to the podium at the city\'s biggest multi-sport meet.' },
  },
  {
    id: 2,
    genre: 'community',
    title: 'Mutya ng Lungsod Beauty Pageant',
    description: 'Candidates from across the city vie for the crown in a night of culture, advocacy and grace.',
    about:
      'Twenty candidates, one from each district, present their advocacies, compete in the Filipiniana and evening gown segments and face the final question. Proceeds support the city scholarship fund.',
    on: '2025-04-19',
    at: '18:00',
    price: 300,
    organizer: 'City Tourism and Cultural Affairs Office',
    hue: 318,
    featured: { rank: 2, text: 'Grace, advocacy and Filipiniana elegance: see who takes home the crown of Mutya ng Lungsod.' },
  },
  {
    id: 3,
    genre: 'community',
    title: 'Community Zumba Night',
    description: 'Dance your way to fitness with the city\'s top Zumba instructors. Open to all ages, free entry.',
    about:
      'Two hours of high-energy Zumba led by certified instructors on the arena floor, with cool-down stretching and free blood-pressure checks from the City Health Office. Wear comfortable shoes and bring a water bottle.',
    on: '2025-04-25',
    at: '18:30',
    price: 0,
    organizer: 'City Health Office',
    hue: 285,
    featured: { rank: 3, text: 'Free, fun and for all ages: join hundreds of neighbours for a night of Zumba on the arena floor.' },
  },
  {
    id: 4,
    genre: 'sports',
    title: 'Inter-Barangay Basketball League: Semi-Finals',
    description: 'The top four barangay teams battle for a spot in the championship series.',
    about: 'Game 1 of the best-of-three semi-final series. Doors open an hour before tip-off; the second semi-final follows right after.',
    on: '2025-05-03',
    at: '17:00',
    price: 150,
    organizer: 'City Basketball Association',
    hue: 24,
  },
  {
    id: 5,
    genre: 'concert',
    title: 'Himig ng Lungsod Music Fest',
    description: 'An all-day festival of OPM bands, local singer-songwriters and a headline set under the arena lights.',
    about: 'Eight acts on one stage, from rising local bands to a headline OPM group. Food stalls from city entrepreneurs line the concourse.',
    on: '2025-05-10',
    at: '16:00',
    price: 500,
    organizer: 'City Arts and Culture Council',
    hue: 268,
  },
  {
    id: 6,
    genre: 'sports',
    title: "Mayor's Cup Volleyball Invitational",
    description: "Women's and men's club teams from nearby provinces play for the Mayor's Cup.",
    on: '2025-05-17',
    at: '09:00',
    price: 50,
    organizer: 'City Volleyball Club',
    hue: 195,
  },
  {
    id: 7,
    genre: 'community',
    title: 'Barangay Health and Wellness Fair',
    description: 'Free check-ups, vaccinations, dental screening and nutrition talks for the whole family.',
    on: '2025-05-24',
    price: 0,
    organizer: 'City Health Office',
    hue: 150,
  },
  {
    id: 8,
    genre: 'concert',
    title: 'OPM Acoustic Night',
    description: 'Stripped-down sets of Original Pilipino Music classics and new favourites.',
    on: '2025-05-31',
    at: '19:00',
    price: 250,
    hue: 34,
  },
  {
    id: 9,
    genre: 'sports',
    title: 'Arnis and Taekwondo Exhibition',
    description: 'Watch local martial artists demonstrate forms, sparring and breaking techniques.',
    on: '2025-06-07',
    price: 0,
    hue: 4,
  },
  {
    id: 10,
    genre: 'community',
    title: "Senior Citizens' Day Celebration",
    description: 'A morning of dancing, games and recognition for the city\'s senior citizens and their families.',
    on: '2025-06-14',
    at: '09:00',
    price: 0,
    organizer: 'Office of Senior Citizens Affairs',
    hue: 48,
  },
  {
    id: 11,
    genre: 'concert',
    title: 'Harana sa Arena: City Symphonic Band',
    description: 'The City Symphonic Band performs kundiman, film scores and marching favourites.',
    on: '2025-06-21',
    at: '18:00',
    price: 100,
    organizer: 'City Symphonic Band',
    hue: 228,
  },
  {
    id: 12,
    genre: 'sports',
    title: 'Takbo para sa Kalikasan Fun Run',
    description: '3K, 5K and 10K routes starting and finishing at the Sports Complex oval. Race kit included.',
    about: 'Registration includes a race bib, a finisher\'s shirt and a tree seedling to plant at the city watershed. Assembly is at the oval thirty minutes before gun start.',
    on: '2025-06-28',
    at: '05:00',
    price: 200,
    organizer: 'City Environment and Natural Resources Office',
    hue: 120,
  },
  {
    id: 13,
    genre: 'concert',
    title: 'Battle of the Bands: City Finals',
    description: 'Ten finalist bands, one trophy. Original songs only.',
    on: '2025-07-05',
    at: '18:00',
    price: 150,
    hue: 340,
  },
  {
    id: 14,
    genre: 'community',
    title: 'Job Fair and Livelihood Expo',
    description: 'Meet over fifty employers and join free livelihood training sessions.',
    on: '2025-07-12',
    price: 0,
    organizer: 'Public Employment Service Office',
    hue: 205,
  },
  {
    id: 15,
    genre: 'sports',
    title: "Women's Futsal Cup",
    description: 'High school and collegiate women\'s teams face off in fast-paced five-a-side football.',
    on: '2025-07-19',
    at: '14:00',
    price: 50,
    hue: 165,
  },
  {
    id: 16,
    genre: 'concert',
    title: 'Rondalla and Kundiman Evening',
    description: 'Youth rondalla ensembles and soloists perform beloved Filipino songs.',
    on: '2025-07-26',
    at: '19:00',
    price: 0,
    organizer: 'City Arts and Culture Council',
    hue: 20,
  },
  {
    id: 17,
    genre: 'community',
    title: 'Linggo ng Kabataan Youth Summit',
    description: 'Talks, workshops and a talent showcase organised by and for the city\'s youth.',
    on: '2025-08-02',
    price: 50,
    organizer: 'Sangguniang Kabataan Federation',
    hue: 180,
  },
  {
    id: 18,
    genre: 'sports',
    title: 'Badminton Open Doubles Tournament',
    description: 'Open, veterans and mixed doubles categories played across eight courts.',
    on: '2025-08-09',
    at: '09:00',
    price: 100,
    organizer: 'City Badminton Club',
    hue: 95,
  },
  {
    id: 19,
    genre: 'concert',
    title: 'Street Dance and Hip-Hop Showdown',
    description: 'Crews from across the region battle it out to live DJ sets.',
    on: '2025-08-16',
    at: '18:00',
    price: 200,
    hue: 300,
  },
  {
    id: 20,
    genre: 'community',
    title: 'Pet Adoption and Wellness Day',
    description: 'Adopt a rescued dog or cat, and get free anti-rabies shots for your pets.',
    on: '2025-08-23',
    price: 0,
    organizer: 'City Veterinary Office',
    hue: 40,
  },
  {
    id: 21,
    genre: 'sports',
    title: 'Collegiate Cheerdance Competition',
    description: 'Pyramids, tosses and tumbling from the city\'s college pep squads.',
    on: '2025-08-30',
    at: '15:00',
    price: 300,
    organizer: 'City Colleges Athletic Association',
    hue: 355,
  },
  {
    id: 22,
    genre: 'concert',
    title: 'Mga Awit ng Bayan Choral Festival',
    description: 'Parish, school and community choirs sing Filipino choral works.',
    on: '2025-09-13',
    at: '17:00',
    price: 100,
    hue: 250,
  },
  {
    id: 23,
    genre: 'community',
    title: 'Dugtong-Buhay Blood Donation Drive',
    description: 'Give blood and help save lives. Walk-in donors welcome; snacks for every donor.',
    on: '2025-09-27',
    price: 0,
    hue: 0,
  },
  {
    id: 24,
    genre: 'sports',
    title: 'Boxing Night: Pro-Am Bouts',
    description: 'Amateur and professional fighters from local gyms on a ten-bout card.',
    on: '2025-10-11',
    at: '19:00',
    price: 500,
    organizer: 'City Boxing Association',
    hue: 10,
  },
  {
    id: 25,
    genre: 'concert',
    title: 'Jazz sa Lungsod',
    description: 'An evening of Filipino jazz standards and improvisation with the city\'s finest musicians.',
    on: '2025-10-25',
    at: '20:00',
    price: 250,
    hue: 235,
  },
  {
    id: 26,
    genre: 'community',
    title: 'Barangay Family Fun Day',
    description: 'Parlor games, a mini palarong Pinoy and a picnic on the grounds for families.',
    on: '2025-11-22',
    price: 0,
    hue: 75,
  },
];

const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) in Asia/Manila. */
export function manilaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** Days between the day the seed runs and the first event. */
export const FIRST_EVENT_AFTER_DAYS = 7;

/**
 * Moves SPEC's sample dates so the first event is FIRST_EVENT_AFTER_DAYS after `today`
 * (a Manila date), keeping every gap between events. The samples span 224 days, so the
 * last event falls 231 days out: all 26 are upcoming within eight months.
 */
export function anchoredStart(event: Pick<DemoEvent, 'on' | 'at'>, today: string, firstOn = DEMO_EVENTS[0]?.on ?? event.on): { startsAt: Date; hasTime: boolean } {
  const offset = dayNumber(event.on) - dayNumber(firstOn) + FIRST_EVENT_AFTER_DAYS;
  const date = new Date((dayNumber(today) + offset) * DAY_MS).toISOString().slice(0, 10);
  // Manila keeps +08:00 all year (no daylight saving time).
  return { startsAt: new Date(`${date}T${event.at ?? '00:00'}:00+08:00`), hasTime: event.at !== undefined };
}
