import type { AppContext } from '../../app-context';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder } from './fulfil-order';
import { findLocalSession, markLocalSessionPaid } from './local-provider';

/**
 * Pay on the local provider's page: charges an open session, then fulfils. False when the session
 * was not paid (ended, expired or unknown), so the page is shown again. Also on a repeated click
 * of a paid session: fulfilment is idempotent and finishes one that a crash interrupted.
 */
export async function payLocalSession(ctx: AppContext, id: string): Promise<boolean> {
  const charged = await markLocalSessionPaid(ctx.db, id);
  const session = charged ? undefined : await findLocalSession(ctx.db, id);
  if (!charged && session?.status !== 'paid') return false;
  await fulfilOrder(ctx, { provider: 'local', sessionId: id });
  return true;
}

/** Cancel on the local provider's page: abandons an open session's order; true when it is paid. */
export async function cancelLocalSession(ctx: AppContext, id: string): Promise<'paid' | 'not-paid'> {
  const session = await findLocalSession(ctx.db, id);
  if (session?.status === 'paid') return 'paid';
  if (session?.status === 'open') await endUnpaidOrder(ctx, { provider: 'local', sessionId: session.id }, 'abandoned');
  return 'not-paid';
}
