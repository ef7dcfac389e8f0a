// The periodic sweep of what a dead process left half done: refunds still pending (a refund run
// stopped by a crash) and mail still queued; and the revenue queue folded into its totals (the
// dashboards read the unfolded tail themselves, so this only keeps that tail short). Once at start,
// then on every tick (no timer: neither).
import { startPeriodic } from '../background';
import type { Periodic } from '../background';
import type { Mailer } from '../mail/mailer';
import { drainMailQueue } from '../mail/mail-queue';
import { foldAllRevenue } from '../orders/revenue';
import { runRefunds } from './refund-runner';
import type { RefundDeps } from './refund-runner';

export function startRefundSweeper(deps: RefundDeps & { mailer: Mailer }, intervalSeconds: number): Periodic {
  const sweep = async (): Promise<void> => {
    const refunded = await runRefunds(deps);
    const mailed = await drainMailQueue(deps.db, deps.mailer, deps.logger);
    if (refunded > 0 || mailed > 0) deps.logger?.info({ refunded, mailed }, 'pending refunds settled, queued mail sent');
    await foldAllRevenue(deps.db);
  };
  const periodic = startPeriodic('refund and mail sweep', sweep, intervalSeconds, deps.logger);
  if (intervalSeconds > 0) void periodic.runNow();
  return periodic;
}
