import { screen, waitFor, within } from '@testing-library/react';
import type { AdminEventDetail } from '@sports/contracts';
import { callsTo, mockApi, page } from './support/api-mock';
import { makeEventDetail, makeEventRequest } from './support/fixtures';
import { currentUrl, renderAdmin } from './support/render';

function serve(detail: AdminEventDetail, extra: Parameters<typeof mockApi>[0] = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/events') {
      return { body: { success: true, events: [makeEventRequest(detail.id, { name: detail.name })], ...page(1, 1, 1), statusCounts: { Pending: 1, Approved: 0, Rejected: 0 } } };
    }
    if (call.method === 'GET' && call.path === `/api/admin/events/${detail.id}`) return { body: { success: true, event: detail } };
    if (call.method === 'GET' && call.path === `/api/admin/events/${detail.id}/waiting-room`) {
      return { body: { success: true, waitingRoom: { on: false, active: false, shoppers: 300, waiting: 0 } } };
    }
    return extra(call);
  });
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('admin: an event request in full', () => {
  it('opens from Manage Events by keyboard and shows the banner, details, venue with its address, seat plan, organizer and history', async () => {
    const detail = makeEventDetail(40, { name: 'Barangay Zumba Marathon' });
    serve(detail);
    const { user, getByTestId } = renderAdmin('/admin/events?status=Pending&q=zumba');
    const link = await screen.findByRole('link', { name: 'Barangay Zumba Marathon' });
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Barangay Zumba Marathon' });
    expect(currentUrl(getByTestId)).toBe('/admin/events/40');

    expect(within(panel('Banner')).getByRole('img', { name: 'Banner of Barangay Zumba Marathon' }).getAttribute('src')).toMatch(/\/api\/banners\/banner-40$/);
    const facts = within(panel('Details'));
    expect(facts.getByText('Category').nextSibling).toHaveTextContent('Sports');
    expect(facts.getByText('Starts').nextSibling).toHaveTextContent('Fri, May 1, 2099, 6:00 PM');
    expect(facts.getByText('Price').nextSibling).toHaveTextContent('₱150.00');
    expect(facts.getByText('Capacity').nextSibling).toHaveTextContent('28 seats');
    expect(facts.getByText('Zumba for everyone, bring water.')).toBeInTheDocument();
    const venue = within(panel('Venue'));
    expect(['Venue', 'Street', 'Barangay', 'City', 'Province'].map((label) => venue.getByText(label, { selector: 'dt' }).nextSibling?.textContent)).toEqual([
      'Covered Court',
      '12 Rizal Street',
      'San Roque',
      'Marikina City',
      'Metro Manila',
    ]);
    expect(within(panel('Seat plan')).getByRole('img', { name: 'Seat plan: 4 rows (A to D) of 7 seats, 28 seats in all' })).toBeInTheDocument();
    expect(panel('Seat plan').querySelectorAll('.adm-plan__seat')).toHaveLength(28);
    expect(within(panel('Seat plan')).getByText('4 rows × 7 columns = 28 seats')).toBeInTheDocument();
    const organizer = within(panel('Organizer'));
    expect(organizer.getByRole('link', { name: 'org40@example.com' })).toHaveAttribute('href', 'mailto:org40@example.com');
    expect(organizer.getByRole('row', { name: /Last Summer Fun Run/ })).toHaveTextContent('Last Summer Fun Run03-14-2099Approved');
    expect(within(panel('History')).getByRole('listitem')).toHaveTextContent('Submitted 04-01-2099 10:00 AM by Organizer 40');
    expect(await within(panel('Waiting room')).findByRole('switch', { name: 'Keep a waiting room on for this sale' })).not.toBeChecked();

    // Back to the list as it was left.
    await user.click(screen.getByRole('link', { name: 'Back to Manage Events' }));
    await screen.findByRole('heading', { level: 1, name: 'Manage Events' });
    expect(currentUrl(getByTestId)).toBe('/admin/events?status=Pending&q=zumba');
  });

  it('names a plan of one row and one column in the singular', async () => {
    serve(makeEventDetail(41, { name: 'Chess Final', seating: { capacity: 1, plan: { rows: 1, columns: 1 }, sections: [] } }));
    renderAdmin('/admin/events/41');
    await screen.findByRole('heading', { level: 1, name: 'Chess Final' });
    expect(within(panel('Seat plan')).getByText('1 row × 1 column = 1 seat')).toBeInTheDocument();
  });

  it('previews the request as the public event page shows it', async () => {
    serve(makeEventDetail(40, { name: 'Barangay Zumba Marathon', preview: { ...makeEventDetail(40).preview, title: 'Barangay Zumba Marathon', organizer: 'Club 40' } }));
    const { user } = renderAdmin('/admin/events/40');
    await user.click(await screen.findByRole('button', { name: 'View as visitors will see it' }));
    const dialog = screen.getByRole('dialog', { name: 'As visitors will see it' });
    const article = within(dialog).getByRole('article', { name: 'Barangay Zumba Marathon as visitors will see it' });
    expect(within(article).getByRole('img', { name: 'Barangay Zumba Marathon' }).getAttribute('src')).toMatch(/\/api\/banners\/banner-40$/);
    expect(within(article).getByRole('heading', { name: 'Barangay Zumba Marathon' })).toBeInTheDocument();
    expect(article).toHaveTextContent('DateFri, May 1, 2099');
    expect(article).toHaveTextContent('Time6:00 PM');
    expect(article).toHaveTextContent('VenueCovered Court, 12 Rizal Street, San Roque, Marikina City, Metro Manila');
    expect(article).toHaveTextContent('OrganizerClub 40');
    expect(article).toHaveTextContent('Price₱150.00');
    expect(within(article).getByRole('heading', { name: 'About Event' }).nextSibling).toHaveTextContent('Zumba for everyone, bring water.');
  });

  it('previews the prices per section, the ticket categories and the refund policy the public page will show', async () => {
    const base = makeEventDetail(43);
    serve({
      ...base,
      seating: { capacity: 333, plan: null, sections: [{ id: 1, label: 'Upper Box D', capacity: 183, level: 'upper', map: { x: 10, y: 5, width: 20, height: 10 } }, { id: 6, label: 'Lower Box A', capacity: 150, level: 'lower', map: { x: 30, y: 40, width: 20, height: 10 } }] },
      preview: {
        ...base.preview,
        pricesVary: true,
        sectionPrices: [{ sectionId: 1, price: 150 }, { sectionId: 6, price: 400 }],
        ticketCategories: [{ category: 'student', discountPercent: 10 }, { category: 'senior', discountPercent: 20 }],
        refundDaysBefore: 2,
      },
    });
    const { user } = renderAdmin('/admin/events/43');
    await user.click(await screen.findByRole('button', { name: 'View as visitors will see it' }));
    const article = within(screen.getByRole('dialog', { name: 'As visitors will see it' })).getByRole('article');
    expect(article).toHaveTextContent('TicketsRegular, Student 10% off, Senior Citizen 20% off by law. Discounted tickets need an ID, checked at the gate.');
    expect(article).toHaveTextContent('RefundsFull refund until 2 days before the start');
    const prices = within(article).getByRole('table', { name: 'Price per section' });
    expect(within(prices).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Upper Box D₱150.00', 'Lower Box A₱400.00']);
  });

  it("draws the venue's sections for a request without its own plan, and the history in order with reasons and changes", async () => {
    const base = makeEventDetail(41);
    serve({
      ...base,
      status: 'Approved',
      bannerUrl: null,
      venue: { name: null, street: null, barangay: null, city: null, province: null },
      seating: {
        capacity: 333,
        plan: null,
        sections: [
          { id: 1, label: 'Upper Box D', capacity: 183, level: 'upper', map: { x: 10, y: 5, width: 20, height: 10 } },
          { id: 2, label: 'Lower Box A', capacity: 150, level: 'lower', map: { x: 30, y: 40, width: 20, height: 10 } },
        ],
      },
      history: [
        ...base.history,
        { step: 'rejected', actor: { id: 1, name: 'Demo Admin', email: 'admin@demo.local' }, at: '2099-04-02T02:00:00.000Z', date: '04-02-2099', time: '10:00 AM', reason: 'Add a seat plan.', changes: [] },
        { step: 'resubmitted', actor: base.organizer, at: '2099-04-03T02:00:00.000Z', date: '04-03-2099', time: '10:00 AM', reason: null, changes: [] },
        { step: 'approved', actor: { id: 1, name: 'Demo Admin', email: 'admin@demo.local' }, at: '2099-04-04T02:00:00.000Z', date: '04-04-2099', time: '10:00 AM', reason: null, changes: [] },
        { step: 'edited', actor: base.organizer, at: '2099-04-05T02:00:00.000Z', date: '04-05-2099', time: '10:00 AM', reason: null, changes: [{ field: 'price', before: '150', after: '200' }] },
      ],
    });
    renderAdmin('/admin/events/41');
    await screen.findByRole('heading', { level: 1, name: 'Event 41' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(panel('Banner')).getByText('No banner uploaded: visitors see this generated poster.')).toBeInTheDocument();
    expect(within(panel('Banner')).getByRole('img', { name: 'Generated poster of Event 41' }).getAttribute('src')).toMatch(/\/api\/banners\/banner-41$/);
    expect(within(panel('Venue')).getByText('Venue', { selector: 'dt' }).nextSibling).toHaveTextContent('The sports complex');
    const seats = within(panel('Seat plan'));
    expect(seats.getByText("The venue's 2 sections, 333 seats in all")).toBeInTheDocument();
    expect(seats.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Upper Box D: 183 seats', 'Lower Box A: 150 seats']);
    // Each block of the drawing carries its section's name.
    expect([...panel('Seat plan').querySelectorAll('.adm-venue__section')].map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['UB D', 'Upper Box D: 183 seats'],
      ['LB A', 'Lower Box A: 150 seats'],
    ]);
    expect(within(panel('History')).getAllByRole('listitem').filter((li) => li.classList.contains('adm-history__item')).map((li) => li.textContent)).toEqual([
      'Submitted 04-01-2099 10:00 AM by Organizer 41',
      'Rejected 04-02-2099 10:00 AM by Demo AdminReason: Add a seat plan.',
      'Resubmitted 04-03-2099 10:00 AM by Organizer 41',
      'Approved 04-04-2099 10:00 AM by Demo Admin',
      'Edited 04-05-2099 10:00 AM by Organizer 41price: 150 → 200',
    ]);
  });

  it('rejects from the detail with a reason, and reads the request again', async () => {
    let rejected = false;
    const detail = makeEventDetail(42);
    const fetchMock = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/events/42') {
        return { body: { success: true, event: rejected ? { ...detail, status: 'Rejected', rejectionReason: 'The court is resurfaced.' } : detail } };
      }
      if (call.method === 'POST' && call.path === '/api/admin/events/42/reject') {
        rejected = true;
        return { body: { success: true, event: { ...makeEventRequest(42), status: 'Rejected', rejectionReason: 'The court is resurfaced.' }, changed: true } };
      }
      return undefined;
    });
    const { user } = renderAdmin('/admin/events/42');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this event request?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for rejecting' }), 'The court is resurfaced.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Reason: The court is resurfaced.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/events/42/reject').map((c) => c.body)).toEqual([{ reason: 'The court is resurfaced.' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument());
  });

  it('cancels an approved event after saying what it affects, and shows it cancelled with the reason', async () => {
    let cancelled = false;
    const detail = { ...makeEventDetail(43, { name: 'Rained-out Final' }), status: 'Approved' as const };
    const fetchMock = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/events/43') {
        return { body: { success: true, event: cancelled ? { ...detail, cancelledAt: '2099-04-10T02:00:00.000Z', cancelReason: 'Typhoon signal no. 3' } : detail } };
      }
      if (call.method === 'GET' && call.path === '/api/admin/events/43/cancellation') return { body: { success: true, eventId: 43, name: 'Rained-out Final', orders: 2, tickets: 5, amount: 750 } };
      if (call.method === 'POST' && call.path === '/api/admin/events/43/cancel') {
        cancelled = true;
        return { body: { success: true, eventId: 43, orders: 2, tickets: 5, amount: 750 } };
      }
      return undefined;
    });
    const { user } = renderAdmin('/admin/events/43');
    await user.click(await screen.findByRole('button', { name: 'Cancel event Rained-out Final' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Rained-out Final?' });
    expect(await within(dialog).findByText(/^This cancels 5 tickets in 2 paid orders and refunds ₱750\.00 to their buyers\./)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for cancelling' }), 'Typhoon signal no. 3');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel event and refund' }));
    expect(await screen.findByText('Cancelled: Typhoon signal no. 3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/events/43/cancel').map((c) => c.body)).toEqual([{ reason: 'Typhoon signal no. 3' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel event Rained-out Final' })).not.toBeInTheDocument());
  });

  it('says so when the request does not exist', async () => {
    mockApi((call) => (call.path === '/api/admin/events/404' ? { status: 404, body: { success: false, error: 'Event not found.' } } : undefined));
    renderAdmin('/admin/events/404');
    expect(await screen.findByText(/Event not found\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage Events' })).toHaveAttribute('href', '/admin/events');
  });
});
