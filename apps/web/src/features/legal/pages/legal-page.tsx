import { useEffect, useState } from 'react';
import { MarkdownView } from '../../../components/ui/markdown-view';
import { usePageMeta } from '../../../lib/page-meta';

const TITLES = { terms: 'Terms of Use', privacy: 'Privacy Policy', eula: 'End-User Licence Agreement' } as const;

const DESCRIPTIONS = {
  terms: 'The terms of use of the LentiBooth website, web shop and customer account.',
  privacy: 'How LentiBooth collects, uses, stores and protects your personal data, and how to exercise your rights.',
  eula: 'The end-user licence agreement for the LentiBooth lenticular photo-booth software: licence terms, devices and restrictions.',
} as const;
export type LegalDoc = keyof typeof TITLES;

/** Terms, privacy and EULA: static Markdown files under /legal, rendered as text (never as HTML). */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  usePageMeta({ title: `${TITLES[doc]} · LentiBooth`, description: DESCRIPTIONS[doc] });
  useEffect(() => {
    // Each document is its own route component, so state starts empty for every document.
    let live = true;
    fetch(`/legal/${doc}.md`)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((t) => live && setText(t))
      .catch((e) => {
        console.error(e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [doc]);
  return (
    <article className="mx-auto min-h-screen max-w-3xl px-4 py-12 lg:py-16">
      {text ? (
        <MarkdownView source={text} />
      ) : (
        <h1 className="text-3xl font-bold text-ink">{TITLES[doc]}</h1>
      )}
      {failed ? <p className="mt-4 text-slate-600">This document could not be loaded. Please try again later.</p> : null}
    </article>
  );
}

export const TermsPage = () => <LegalPage doc="terms" />;
export const PrivacyPage = () => <LegalPage doc="privacy" />;
export const EulaPage = () => <LegalPage doc="eula" />;
