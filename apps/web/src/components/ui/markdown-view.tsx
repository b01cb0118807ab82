import type { ReactNode } from 'react';

// A deliberately small Markdown subset (headings, paragraphs, lists, bold, italics, links) for our
// own legal texts. Everything becomes React text nodes, so nothing in a file can inject markup.

function inline(text: string, keyBase: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*|\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    const key = `${keyBase}-${i++}`;
    if (tok.startsWith('**')) out.push(<strong key={key}>{tok.slice(2, -2)}</strong>);
    else if (tok.startsWith('[')) {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(tok) ?? [];
      const safe = href && /^(https?:|mailto:|\/|#)/.test(href) ? href : undefined;
      out.push(
        <a key={key} href={safe} className="text-brand-700 underline">
          {label}
        </a>,
      );
    } else out.push(<em key={key}>{tok.slice(1, -1)}</em>);
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function MarkdownView({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flushPara = () => {
    if (para.length) {
      const k = `p${blocks.length}`;
      blocks.push(
        <p key={k} className="my-3 leading-7 text-slate-700">
          {inline(para.join(' '), k)}
        </p>,
      );
      para = [];
    }
  };
  const flushList = () => {
    if (list) {
      const k = `l${blocks.length}`;
      const items = list.items.map((it, i) => <li key={i}>{inline(it, `${k}-${i}`)}</li>);
      blocks.push(
        list.ordered ? (
          <ol key={k} className="my-3 list-decimal space-y-1 pl-6 text-slate-700">
            {items}
          </ol>
        ) : (
          <ul key={k} className="my-3 list-disc space-y-1 pl-6 text-slate-700">
            {items}
          </ul>
        ),
      );
      list = null;
    }
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flushPara();
      flushList();
      const level = heading[1]!.length;
      const k = `h${blocks.length}`;
      const content = inline(heading[2]!, k);
      blocks.push(
        level === 1 ? (
          <h1 key={k} className="mb-6 text-3xl font-bold text-ink">{content}</h1>
        ) : level === 2 ? (
          <h2 key={k} className="mb-2 mt-8 text-xl font-semibold text-ink">{content}</h2>
        ) : (
          <h3 key={k} className="mb-2 mt-6 text-lg font-semibold text-ink">{content}</h3>
        ),
      );
    } else if (bullet || numbered) {
      flushPara();
      const ordered = !!numbered;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (!line.trim()) {
      flushPara();
      flushList();
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara();
  flushList();
  return <div>{blocks}</div>;
}
