import { useId } from 'react';
import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import type { TShippingInfo } from '@lbs/domain/schemas';
import { ISO_COUNTRIES } from '@lbs/domain/shipping';

const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-ink shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

type FieldName = keyof TShippingInfo;

function Field({
  name,
  label,
  register,
  errors,
  className = '',
  ...input
}: {
  name: FieldName;
  label: string;
  register: UseFormRegister<TShippingInfo>;
  errors: FieldErrors<TShippingInfo>;
  className?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
}) {
  const id = `${useId()}-${name}`;
  const error = errors[name]?.message;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(Boolean(error))}
        {...input}
        {...register(name)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Shipping and billing details (spec: name, email, address, city, state, zip, country). */
export function ShippingForm({ register, errors }: { register: UseFormRegister<TShippingInfo>; errors: FieldErrors<TShippingInfo> }) {
  const countryId = useId();
  const countryError = errors.country?.message;
  const props = { register, errors };
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field name="name" label="Full name" autoComplete="name" className="sm:col-span-2" {...props} />
      <Field name="email" label="Email" type="email" inputMode="email" autoComplete="email" className="sm:col-span-2" {...props} />
      <Field name="address" label="Address" autoComplete="street-address" className="sm:col-span-2" {...props} />
      <Field name="city" label="City" autoComplete="address-level2" {...props} />
      <Field name="state" label="State / Province" autoComplete="address-level1" {...props} />
      <Field name="zip" label="Postal code" autoComplete="postal-code" {...props} />
      <div>
        <label htmlFor={countryId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Country
        </label>
        <select
          id={countryId}
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          className={inputClass(Boolean(countryError))}
          {...register('country')}
        >
          <option value="">Select a country</option>
          {ISO_COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${countryId}-error`} className="mt-1.5 text-sm text-red-600">
            {countryError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
