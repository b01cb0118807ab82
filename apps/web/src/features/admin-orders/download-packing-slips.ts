import { apiRequest } from '../../lib/api-request';
import { saveBlob } from '../../lib/save-file';

/**
 * The packing slips of these orders as one PDF, a page each in the order given. The call needs the
 * session's Bearer token, so the file is fetched and handed to the browser rather than linked.
 * Throws an ApiError on failure.
 */
export async function downloadPackingSlips(orderIds: readonly number[]): Promise<void> {
  const pdf =
    orderIds.length === 1
      ? await apiRequest<Blob>({ url: `/order/admin/${orderIds[0]}/packing-slip.pdf`, responseType: 'blob' })
      : await apiRequest<Blob>({ url: '/order/admin/packing-slips.pdf', params: { ids: orderIds.join(',') }, responseType: 'blob' });
  saveBlob(pdf, orderIds.length === 1 ? `packing-slip-${orderIds[0]}.pdf` : 'packing-slips.pdf');
}
