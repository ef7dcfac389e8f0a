import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Event } from '@sports/contracts';
import { SITE_GUIDES } from '@sports/ui';
import { renderShell } from '../render';
import { restoreFetch } from './api-mock';
import type { ApiHandler } from './api-mock';
import { GUIDES, guideBySlug } from '../../src/features/info/guides/guides';
import { eventsByMonth } from '../../src/features/info/guides/season-months';
import { HELP_TOPICS, questionOfHash } from '../../src/features/info/help-questions';

jest.mock('../../src/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

afterEach(() => restoreFetch());

function event(id: number, date: string, startsAt: string, extra: Partial<Event> = {}): Event {
  return { id, genre: 'sports', title: `Event ${id}`, description: 'd', date, price: 150, isFree: false, img: `/img/${id}.png`, startsAt, ...extra };
}

/** The shell's own calls, and GET /api/events answered by `events`. */
function withEvents(events: () => { status?: number; body: unknown }): ApiHandler {
  return (call) => {
    if (call.path === '/api/auth-config') return { body: { success: true, googleClientId: null } };
    if (call.path === '/api/events') return events();
    return { body: { success: true } };
  };
}

describe('header and footer', () => {
  it('About Us in the bar and in the mobile menu leads to /about, and Ticketing Truths to /ticketing-truths', async () => {
    const user = userEvent.setup();
    renderShell('/');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Ticketing Truths' })).toHaveAttribute('href', '/ticketing-truths');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'About Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Ticketing Truths' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticketing Truths' })).toBeInTheDocument();
  });
});

describe('About Us (/about)', () => {
  it('says what the complex and the site are, and links to Contact Us, Help/FAQ, Ticketing Truths and the Privacy Policy', async () => {
    renderShell('/about');
    const page = (await screen.findByRole('heading', { level: 1, name: 'About Us' })).closest('article') as HTMLElement;
    for (const name of ['The Sports Complex', 'What this site does', 'How to reach us']) {
      expect(within(page).getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(within(page).getByText(/signed QR ticket, checked once at the gate/)).toBeInTheDocument();
    const hrefs = within(page)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/contact', '/help', '/ticketing-truths', '/privacy']));
  });
});

describe('Ticketing Truths (/ticketing-truths)', () => {
  it('states the hold, the price, the payment methods, refunds, the signed QR and giving tickets', async () => {
    renderShell('/ticketing-truths');
    await screen.findByRole('heading', { level: 1, name: 'Ticketing Truths' });
    for (const name of [
      'The price you see is the price you pay',
      'Your seats are yours for 10 minutes',
      'How you pay',
      'One seat, one signed QR code, one entry',
      "Refunds follow the event's policy",
      'Giving a ticket to someone',
      'No resale, no markups',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/GCash, PayMaya, BDO or VISA, in full/)).toBeInTheDocument();
    expect(screen.getByText(/every ticket holder gets a full refund without asking/)).toBeInTheDocument();
  });
});

describe('DISCOVER MORE guides (/guides/:slug)', () => {
  it.each(SITE_GUIDES.filter((g) => g.slug !== 'season-guide').map((g) => [g.slug, g.title]))('/guides/%s has its title as h1, sections and related guides', async (slug, title) => {
    renderShell(`/guides/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    const more = screen.getByRole('navigation', { name: 'More guides' });
    const links = within(more).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/guides\/[a-z-]+$/);
  });

  it('every guide of the home page has its text, and its related guides exist and are other guides', () => {
    expect(GUIDES.map((g) => g.title)).toEqual(SITE_GUIDES.map((g) => g.title));
    for (const guide of GUIDES) {
      expect(guide.sections.length).toBeGreaterThan(0);
      for (const slug of guide.related) {
        expect(slug).not.toBe(guide.slug);
        expect(guideBySlug(slug)).not.toBeNull();
      }
    }
    expect(guideBySlug('no-such-guide')).toBeNull();
    expect(guideBySlug(undefined)).toBeNull();
  });

  it('an unknown guide is Page not found', async () => {
    renderShell('/guides/no-such-guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('the Season Guide lists the events on sale month by month, each linking to its page', async () => {
    const events = [
      event(7, '2027-01-09', '2027-01-09T10:00:00.000Z', { genre: 'concert', title: 'January Concert', soldOut: true }),
      event(3, '2026-12-05', '2026-12-05T09:00:00.000Z', { genre: 'community', title: 'Fun Run', price: 0, isFree: true }),
      event(4, '2026-12-20', '2026-12-20T09:00:00.000Z', { title: 'Finals' }),
    ];
    renderShell('/guides/season-guide', null, { api: withEvents(() => ({ body: { success: true, events } })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Season Guide' })).toBeInTheDocument();
    const december = (await screen.findByRole('heading', { level: 3, name: 'December 2026' })).closest('section') as HTMLElement;
    expect(within(december).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Fun Run', '/events/3'],
      ['Finals', '/events/4'],
    ]);
    expect(within(december).getByText(/Community · FREE/)).toBeInTheDocument();
    const january = screen.getByRole('heading', { level: 3, name: 'January 2027' }).closest('section') as HTMLElement;
    expect(within(january).getByText(/Concert ·/)).toHaveTextContent('Concert · ₱150.00 · Sold out');
  });

  it('the Season Guide says when nothing is on sale, and offers Retry when the calendar fails', async () => {
    let reply: () => { status?: number; body: unknown } = () => ({ status: 500, body: { success: false, error: 'boom' } });
    renderShell('/guides/season-guide', null, { api: withEvents(() => reply()) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The calendar could not be loaded.');
    reply = () => ({ body: { success: true, events: [] } });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No events are on sale right now/)).toBeInTheDocument();
  });
});

describe('eventsByMonth', () => {
  it('groups by the Manila date, months in order and events by start', () => {
    const months = eventsByMonth([
      event(2, '2027-02-01', '2027-01-31T16:30:00.000Z'),
      event(1, '2027-01-31', '2027-01-31T10:00:00.000Z'),
      event(5, '2027-01-02', '2027-01-02T10:00:00.000Z'),
    ]);
    expect(months.map((m) => [m.key, m.label, m.events.map((e) => e.id)])).toEqual([
      ['2027-01', 'January 2027', [5, 1]],
      ['2027-02', 'February 2027', [2]],
    ]);
    expect(eventsByMonth([])).toEqual([]);
  });
});

describe('Help/FAQ (/help) answers what visitors ask', () => {
  it('groups the questions by topic, including the ones visitors send most', async () => {
    renderShell('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help/FAQ' });
    for (const topic of HELP_TOPICS) expect(screen.getByRole('heading', { level: 2, name: topic.heading })).toBeInTheDocument();
    for (const question of [
      'Is there parking at the Sports Complex?',
      'Do children need their own ticket?',
      'Is the venue wheelchair accessible, and which sections are best?',
      'Can I get a refund?',
      'Can I change the seats on a ticket I already paid for?',
      'I paid but did not receive my QR code. What should I do?',
      'Can our school or group book a whole section?',
      'Are pets allowed?',
      'What time do the gates open?',
    ]) {
      expect(screen.getByText(question, { selector: 'summary' })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('navigation', { name: 'Help topics' })).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(HELP_TOPICS.map((t) => `#${t.id}`));
  });

  it('/help#<question> opens that question', async () => {
    renderShell('/help#wheelchair');
    const summary = await screen.findByText('Is the venue wheelchair accessible, and which sections are best?', { selector: 'summary' });
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(summary).toHaveFocus();
    expect(screen.getByText('Is there parking at the Sports Complex?', { selector: 'summary' }).closest('details')).not.toHaveAttribute('open');
  });

  it('every question and topic has its own id', () => {
    const ids = HELP_TOPICS.flatMap((t) => [t.id, ...t.questions.map((q) => q.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(questionOfHash('#parking')?.question).toBe('Is there parking at the Sports Complex?');
    expect(questionOfHash('#booking')).toBeNull();
    expect(questionOfHash('')).toBeNull();
    expect(questionOfHash('#%E0%A4%A')).toBeNull();
  });
});
