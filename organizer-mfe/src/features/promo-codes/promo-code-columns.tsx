import { TICKET_CATEGORY_LABELS, formatEventDateTime } from '@sports/contracts';
import type { PromoCode, PromoCodeStatus } from '@sports/contracts';
import { StatusBadge } from '@sports/ui';
import type { BadgeTone, DataColumn } from '@sports/ui';

const STATUS_TONE: Record<PromoCodeStatus, BadgeTone> = { Active: 'success', Scheduled: 'warning', Ended: 'danger', 'Used up': 'danger' };
const pesos = (n: number) => `₱${n.toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function discountText(c: Pick<PromoCode, 'kind' | 'value'>): string {
  return c.kind === 'percent' ? `${c.value}% off` : `${pesos(c.value)} off`;
}

function appliesTo(c: PromoCode): string {
  const sections = c.sections ? c.sections.map((s) => s.label).join(', ') : 'All sections';
  const categories = c.categories ? c.categories.map((k) => TICKET_CATEGORY_LABELS[k]).join(', ') : 'all categories';
  return `${sections}; ${categories}`;
}

function windowText(c: PromoCode): string {
  if (!c.validFrom && !c.validUntil) return 'Always';
  const at = (iso: string) => formatEventDateTime(new Date(iso));
  if (!c.validFrom) return `Until ${at(c.validUntil as string)}`;
  return c.validUntil ? `${at(c.validFrom)} – ${at(c.validUntil)}` : `From ${at(c.validFrom)}`;
}

/** The promo codes table: code, discount, what it applies to, uses of its limit, window, status and End. */
export function promoCodeColumns(onEnd: (code: PromoCode) => void): ReadonlyArray<DataColumn<PromoCode>> {
  return [
    { id: 'code', header: 'Code', cell: (c) => <span className="org-attendee__code">{c.code}</span>, rowHeader: true },
    { id: 'discount', header: 'Discount', cell: discountText, className: 'ds-cell--nowrap' },
    { id: 'applies', header: 'Applies to', cell: appliesTo },
    {
      id: 'uses',
      header: 'Uses',
      cell: (c) => `${c.uses.toLocaleString('en-PH')} of ${c.maxUses === null ? 'no limit' : c.maxUses.toLocaleString('en-PH')}${c.perAccount === null ? '' : ` (${c.perAccount} per account)`}`,
    },
    { id: 'window', header: 'Valid', cell: windowText },
    { id: 'status', header: 'Status', cell: (c) => <StatusBadge tone={STATUS_TONE[c.status]}>{c.status}</StatusBadge> },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'end',
      className: 'ds-cell--nowrap',
      cell: (c) =>
        c.status === 'Ended' ? null : (
          <button type="button" className="ds-button org-button--small" aria-label={`End ${c.code}`} onClick={() => onEnd(c)}>
            End
          </button>
        ),
    },
  ];
}
