let corrupt = false;

/** main.tsx records whether the stored user failed to parse; the bootstrap hook reads it once. */
export function markUserCorruptAtStart(value: boolean): void {
  corrupt = value;
}
export function userWasCorruptAtStart(): boolean {
  const v = corrupt;
  corrupt = false;
  return v;
}
