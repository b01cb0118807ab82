import { ISO_COUNTRIES } from '@lbs/domain/shipping';

/** A country select's options: none chosen first, then every country by its name. */
export function CountryOptions() {
  return (
    <>
      <option value="">Select a country</option>
      {ISO_COUNTRIES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
