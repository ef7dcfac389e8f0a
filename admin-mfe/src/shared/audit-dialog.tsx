import { useState } from 'react';
import type { AuditEntry } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import type { AuditKind } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import { DataTable, Dialog, Pager, queryTableState } from '@sports/ui';
import type { DataColumn } from '@sports/ui';

/** Whose history: an account (its status changes) or an event request (its decisions and later changes). */
export interface AuditTarget {
  kind: AuditKind;
  id: number;
  name: string;
}

const FIELD_LABELS: Record<string, string> = { status: 'Status', role: 'Role', reason: 'Reason' };

/** One side of a change ({ status: 'Restricted', reason: 'Spam' }) as lines a person reads. */
function ChangeFields({ fields }: { fields: AuditEntry['before'] }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <>—</>;
  return (
    <ul className="adm-change">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="adm-change__key">{FIELD_LABELS[key] ?? key}:</span> {value ?? '—'}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ReadonlyArray<DataColumn<AuditEntry>> = [
  {
    id: 'when',
    header: 'When',
    rowHeader: true,
    className: 'ds-cell--nowrap',
    cell: (entry) => (
      <time dateTime={entry.at}>
        {entry.date} {entry.time}
      </time>
    ),
  },
  {
    id: 'who',
    header: 'Changed by',
    cell: (entry) => (
      <>
        {entry.actor.name}
        <span className="adm-subtle">{entry.actor.email}</span>
      </>
    ),
  },
  { id: 'before', header: 'Before', cell: (entry) => <ChangeFields fields={entry.before} /> },
  { id: 'after', header: 'After', cell: (entry) => <ChangeFields fields={entry.after} /> },
  { id: 'ip', header: 'From address', cell: (entry) => entry.ip ?? 'Unknown', className: 'ds-cell--nowrap' },
];

function AuditTable({ target }: { target: AuditTarget }) {
  const [page, setPage] = useState(1);
  const audit = useQuery({ ...adminQueries.audit(target.kind, target.id, page), placeholderData: keepPreviousData });
  return (
    <>
      <DataTable
        caption={`Changes to ${target.name}, newest first`}
        captionHidden
        columns={COLUMNS}
        rowKey="id"
        minWidth="36rem"
        emptyMessage={target.kind === 'account' ? 'No status changes recorded for this account yet.' : 'Nothing recorded for this event request yet.'}
        {...queryTableState(audit, (data) => data.entries)}
      />
      {audit.data && audit.data.totalPages > 1 ? (
        <Pager page={page} pageCount={audit.data.totalPages} onPageChange={setPage} total={audit.data.total} totalLabel="Entries" label="History pages" />
      ) : null}
    </>
  );
}

interface AuditDialogProps {
  target: AuditTarget | null;
  onClose: () => void;
}

/** The audit log of one account or event request: who changed what, before and after, when and from where. */
export function AuditDialog({ target, onClose }: AuditDialogProps) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={target ? `History of ${target.name}` : 'History'} size="large">
      {target ? <AuditTable key={`${target.kind}-${target.id}`} target={target} /> : null}
    </Dialog>
  );
}
