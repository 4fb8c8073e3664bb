/** "1 athlete", "2 athletes", "1,204 coaches": counts in words, with thousands separated. */
export function plural(count: number, singular: string, pluralForm?: string): string {
  const word =
    count === 1 ? singular : (pluralForm ?? (/(s|sh|ch|x|z)$/.test(singular) ? `${singular}es` : `${singular}s`));
  return `${count.toLocaleString('en-US')} ${word}`;
}
