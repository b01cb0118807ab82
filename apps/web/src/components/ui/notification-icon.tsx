import type { ComponentType, SVGProps } from 'react';
import { notificationIconType, type NotificationType } from '@lbs/domain/statuses';
import { AlertIcon, ClockIcon, KeyIcon, MailIcon, ProductsIcon, TruckIcon } from './icons';

const ICONS: Record<NotificationType, { icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string; label: string }> = {
  license_purchase: { icon: KeyIcon, tone: 'bg-brand-50 text-brand-700', label: 'License purchase' },
  product_order: { icon: ProductsIcon, tone: 'bg-sky-50 text-sky-700', label: 'Product order' },
  order_status_update: { icon: TruckIcon, tone: 'bg-emerald-50 text-emerald-700', label: 'Order update' },
  payment_failed: { icon: AlertIcon, tone: 'bg-red-50 text-red-700', label: 'Payment failed' },
  contact_message: { icon: MailIcon, tone: 'bg-violet-50 text-violet-700', label: 'Contact message' },
  license_expiring: { icon: ClockIcon, tone: 'bg-amber-50 text-amber-800', label: 'License ending soon' },
  license_expired: { icon: KeyIcon, tone: 'bg-slate-100 text-slate-700', label: 'License ended' },
};

/**
 * A notification's icon by type (an unknown type gets order_status_update's, spec §3), with the
 * red unread dot. The customer's notifications tab and the back office's table show the same one.
 * The icon is decorative beside the title; the dot is announced ("Unread").
 */
export function NotificationIcon({ type, unread, size = 'md' }: { type: string; unread: boolean; size?: 'sm' | 'md' }) {
  const { icon: Icon, tone, label } = ICONS[notificationIconType(type)];
  return (
    <span className="relative inline-flex shrink-0" title={label}>
      <span className={`inline-flex items-center justify-center rounded-full ${tone} ${size === 'sm' ? 'h-8 w-8' : 'h-10 w-10'}`}>
        <Icon className={size === 'sm' ? 'h-4 w-4' : 'h-5 w-5'} data-type={notificationIconType(type)} />
      </span>
      {unread ? (
        <span className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-white bg-red-600" aria-label="Unread" role="img" />
      ) : null}
    </span>
  );
}
