import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { TShippingInfo } from '@lbs/domain/schemas';
import { FieldFrame } from '../../../components/ui/field-frame';
import { TextField } from '../../../components/ui/text-field';
import { CountryOptions } from './country-options';

/** Shipping and billing details (spec: name, email, address, city, state, zip, country). */
export function ShippingForm({
  register,
  errors,
}: {
  register: UseFormRegister<TShippingInfo>;
  errors: FieldErrors<TShippingInfo>;
}) {
  const error = (name: keyof TShippingInfo) => errors[name]?.message;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        label="Full name"
        autoComplete="name"
        className="sm:col-span-2"
        error={error('name')}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        className="sm:col-span-2"
        error={error('email')}
        {...register('email')}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        className="sm:col-span-2"
        error={error('address')}
        {...register('address')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={error('city')}
        {...register('city')}
      />
      <TextField
        label="State / Province"
        autoComplete="address-level1"
        error={error('state')}
        {...register('state')}
      />
      <TextField
        label="Postal code"
        autoComplete="postal-code"
        error={error('zip')}
        {...register('zip')}
      />
      <FieldFrame label="Country" error={error('country')}>
        {(control) => (
          <select autoComplete="country" {...control} {...register('country')}>
            <CountryOptions />
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
