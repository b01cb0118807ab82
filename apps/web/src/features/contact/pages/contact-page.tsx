import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MSG } from '@lbs/domain/messages';
import { ZContactBody, type TContactBody } from '@lbs/domain/schemas';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_TEL, SOCIAL_LINKS, WHATSAPP_URL } from '@lbs/domain/contact-info';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { FacebookIcon, InstagramIcon, WhatsappIcon, YoutubeIcon } from '../../../components/ui/icons';
import { usePageMeta } from '../../../lib/page-meta';
import { useSendContactMessageMutation } from '../api';
import { quoteRequestMessage } from '../quote-message';

type ContactInput = z.input<typeof ZContactBody>;
type SendState = 'idle' | 'sending' | 'sent' | 'failed';

const SOCIAL_ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, YouTube: YoutubeIcon } as const;

const FIELDS: ReadonlyArray<{
  name: FieldPath<ContactInput>;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
}> = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
];

const EMPTY: ContactInput = { name: '', email: '', phone: '', company: '', message: '' };

export function ContactPage() {
  usePageMeta({
    title: 'Contact Us · LentiBooth',
    description: `Questions about lenticular photo-booth software, a sheets quote or an order? Write to ${CONTACT_EMAIL}, call ${CONTACT_PHONE} or message our sales hotline on WhatsApp.`,
  });
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<SendState>('idle');
  const [send] = useSendContactMessageMutation();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<ContactInput, unknown, TContactBody>({
    resolver: zodResolver(ZContactBody),
    defaultValues: { ...EMPTY, message: quoteRequestMessage(searchParams) },
    // Spec §4: editing a field clears its error; rules are checked again on the next send.
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (body) => {
    setState('sending');
    try {
      await send(body).unwrap();
      reset(EMPTY);
      setState('sent');
    } catch {
      setState('failed');
    }
  });

  const field = (name: FieldPath<ContactInput>) =>
    register(name, {
      onChange: () => {
        if (errors[name]) clearErrors(name);
      },
    });

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[2fr_3fr] lg:gap-16 lg:px-8 lg:py-20">
        <section aria-labelledby="contact-title">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Contact</p>
          <h1 id="contact-title" className="mt-2 text-4xl font-bold tracking-tight text-ink lg:text-5xl">
            Contact Us
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            Planning your first lenticular event, need sheets by the thousand or a hand with an order? Our team in
            Singapore answers within one business day.
          </p>
          <ul className="mt-8 space-y-4">
            <li>
              <p className="text-sm font-medium text-slate-500">Email</p>
              <a href={`mailto:${CONTACT_EMAIL}`} className="text-lg font-semibold text-ink hover:text-brand-700">
                {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <p className="text-sm font-medium text-slate-500">Phone</p>
              <a href={CONTACT_PHONE_TEL} className="text-lg font-semibold text-ink hover:text-brand-700">
                {CONTACT_PHONE}
              </a>
            </li>
            <li>
              <p className="text-sm font-medium text-slate-500">Sales hotline</p>
              <a
                href={WHATSAPP_URL}
                target="_blank"
                rel="noreferrer noopener"
                className="mt-1 inline-flex items-center gap-2 rounded-lg bg-emerald-500 px-4 py-2 text-sm font-semibold text-ink hover:bg-emerald-400"
              >
                <WhatsappIcon className="h-5 w-5" />
                Chat on WhatsApp
              </a>
            </li>
          </ul>
          <h2 className="mt-8 text-sm font-medium text-slate-500">Follow us</h2>
          <ul className="mt-2 flex gap-3">
            {SOCIAL_LINKS.map((s) => {
              const Icon = SOCIAL_ICONS[s.name];
              return (
                <li key={s.name}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    aria-label={s.name}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-ink shadow-sm ring-1 ring-slate-200 hover:text-brand-700"
                  >
                    <Icon className="h-5 w-5" />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="form-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
          <h2 id="form-title" className="text-xl font-bold text-ink">
            Send us a message
          </h2>
          <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <TextField
                key={f.name}
                id={`contact-${f.name}`}
                label={f.label}
                type={f.type}
                autoComplete={f.autoComplete}
                inputMode={f.inputMode}
                error={errors[f.name]?.message}
                {...field(f.name)}
              />
            ))}
            <TextAreaField id="contact-message" className="sm:col-span-2" label="Message" rows={6} error={errors.message?.message} {...field('message')} />
            <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
              <button
                type="submit"
                disabled={state === 'sending'}
                className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-600/60"
              >
                {state === 'sending' ? MSG.sending : 'Send Message'}
              </button>
              <p role="status" aria-live="polite" className="text-sm font-medium">
                {state === 'sent' ? <span className="text-emerald-700">{MSG.messageSent}</span> : null}
                {state === 'failed' ? <span className="text-red-700">{MSG.messageNotSent}</span> : null}
              </p>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
