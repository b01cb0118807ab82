import type { ReactNode } from 'react';

/** The centred eyebrow + title + intro that opens each section of the public pages. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  as: Tag = 'h2',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  as?: 'h1' | 'h2';
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <Tag id={id} className={`mt-2 font-bold tracking-tight text-ink ${Tag === 'h1' ? 'text-4xl lg:text-5xl' : 'text-3xl lg:text-4xl'}`}>
        {title}
      </Tag>
      {children ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{children}</p> : null}
    </div>
  );
}
