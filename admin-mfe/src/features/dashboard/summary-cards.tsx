import type { DashboardCards } from '@sports/contracts';
import { InfoTip } from '../../shared/info-tip';
import { formatCount } from '../../shared/format';

/** SPEC's four cards, each with what it counts (the contract's definitions). */
const CARDS: ReadonlyArray<{ key: keyof DashboardCards; label: string; about: string }> = [
  {
    key: 'ticketsCreated',
    label: 'Total Tickets Created',
    about: 'A ticket is a seat: the seats of every order ever made, paid, held now, refunded, or a hold that expired unpaid.',
  },
  { key: 'ticketsSold', label: 'Tickets Sold', about: 'The seats of orders that are paid (refunded ones are not), as Revenue counts them.' },
  { key: 'accountsCreated', label: 'Accounts Created', about: 'Every account, whatever its role or status.' },
  { key: 'activeUsers', label: 'Active Users', about: 'Active means signed in within the last 30 days.' },
];

export function SummaryCards({ cards }: { cards: DashboardCards }) {
  return (
    <ul className="ds-cards adm-cards" aria-label="Summary">
      {CARDS.map(({ key, label, about }) => (
        <li key={key} className="ds-card adm-card">
          <span className="adm-card__label">
            {label}
            <InfoTip label={`About ${label}`}>{about}</InfoTip>
          </span>
          <span className="adm-card__value">{formatCount(cards[key])}</span>
        </li>
      ))}
    </ul>
  );
}
