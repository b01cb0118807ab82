/**
 * How mail addresses a customer: by their first name, else the first word of the name they
 * shipped to or signed up with, else a friendly 'there'. One rule for every mail the shop sends.
 */
function greetingName(person: { firstName?: string | null; shippingName?: string | null; username?: string | null }): string {
  for (const candidate of [person.firstName, person.shippingName, person.username]) {
    const word = candidate?.trim().split(/\s+/)[0];
    // An address-like username ('ann@example.com') or a handle with digits is no name to greet by.
    if (word && /^\p{L}[\p{L}'’.-]*$/u.test(word)) return word;
  }
  return 'there';
}

/** 'Hi Ann,' */
export const greeting = (person: Parameters<typeof greetingName>[0]) => `Hi ${greetingName(person)},`;
