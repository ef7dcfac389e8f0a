import type { DashboardCards } from '@sports/contracts';
import { InfoTip } from '../../shared/info-tip';
import { formatCount } from '../../shared/format';

/** SPEC's four cards, each with what it counts (the contract's definitions). */
const CARDS: ReadonlyArray<{ key: keyof DashboardCards; label: string; about: string }> = [
  {
    key: 'ticketsCreated',
    label: 'Total Tickets Created',
    about: 'Every order ever made (one ticket for one or more seats): paid, held now, or a hold that expired unpaid.',
  },
  { key: 'ticketsSold', label: 'Tickets Sold', about: 'Orders that are paid.' },
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
