import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@lbs/domain/messages';
import type { TUser } from '@lbs/domain/responses';
import { ZShippingInfo, type TShippingInfo } from '@lbs/domain/schemas';
import { checkoutDraft } from '../checkout-draft';

export const SHIPPING_FIELDS: readonly (keyof TShippingInfo)[] = [
  'name',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'country',
];

const zodShippingResolver = zodResolver(ZShippingInfo);
/** The server's schema, with the checkout's own wording for a bad address (spec §8: 'Invalid email address'). */
const shippingResolver: Resolver<TShippingInfo> = async (values, context, options) => {
  const result = await zodShippingResolver(values, context, options);
  const email = result.errors.email;
  if (email?.message === MSG.invalidEmail) email.message = MSG.invalidEmailAddress;
  return result;
};

/**
 * The shipping and billing form: what the buyer typed earlier in this browser session (kept as
 * they type), else empty; the profile fills the name and email where they are still empty.
 */
export function useShippingDetails(user: TUser | null | undefined) {
  const form = useForm<TShippingInfo>({
    resolver: shippingResolver,
    mode: 'onTouched',
    defaultValues: checkoutDraft.shipping() ?? {
      name: '',
      email: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: '',
    },
  });
  const profileName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const profileEmail = user?.email ?? '';
  useEffect(() => {
    // Only empty fields: a value typed before the profile arrived is the buyer's, and stays.
    if (profileName && !form.getValues('name').trim()) form.setValue('name', profileName);
    if (profileEmail && !form.getValues('email').trim()) form.setValue('email', profileEmail);
  }, [form, profileName, profileEmail]);
  useEffect(() => {
    const subscription = form.watch((values) =>
      checkoutDraft.saveShipping({ ...form.getValues(), ...values } as TShippingInfo),
    );
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
}
