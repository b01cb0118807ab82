import { Fragment } from 'react';

/**
 * Where an address may wrap: after the dots of its local part and after its '@'; the domain
 * stays whole ('demo.example.com', never 'demo.example.' + 'com').
 */
export function emailBreaks(email: string): number[] {
  const at = email.lastIndexOf('@');
  if (at < 0) return [];
  const breaks: number[] = [];
  for (let i = 0; i < at; i++) if (email[i] === '.') breaks.push(i + 1);
  breaks.push(at + 1);
  return breaks;
}

/**
 * An address in a narrow column or card: wraps only at emailBreaks(), rather than at any letter
 * (hard to read; breaking anywhere also lets a table squeeze the column to a letter's width) or
 * not at all (the table would scroll sideways). `strong` characters from the start are bold (what
 * was typed, in a suggestion list).
 */
export function EmailText({ email, strong = 0 }: { email: string; strong?: number }) {
  const cuts = [...new Set([0, ...emailBreaks(email), strong, email.length])].filter((c) => c <= email.length).sort((a, b) => a - b);
  const breaks = new Set(emailBreaks(email));
  const pieces = cuts.slice(0, -1).map((from, i) => ({ from, text: email.slice(from, cuts[i + 1]) }));
  return (
    <span>
      {pieces.map(({ from, text }) => (
        <Fragment key={from}>
          {breaks.has(from) ? <wbr /> : null}
          {from < strong ? <strong className="font-semibold text-ink">{text}</strong> : text}
        </Fragment>
      ))}
    </span>
  );
}
