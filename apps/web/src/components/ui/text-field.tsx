import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, splitFrameProps, type FrameProps } from './field-frame';

/** A labelled input with its error (and optional hint) tied to it; spreads react-hook-form's register(). */
export function TextField({ ref, ...props }: FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & { ref?: Ref<HTMLInputElement> }) {
  const [frame, input] = splitFrameProps(props);
  return <FieldFrame {...frame}>{(control) => <input ref={ref} {...control} {...input} />}</FieldFrame>;
}

/** TextField's multi-line twin (the contact message). */
export function TextAreaField({
  ref,
  ...props
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'> & { ref?: Ref<HTMLTextAreaElement> }) {
  const [frame, textarea] = splitFrameProps(props);
  return <FieldFrame {...frame}>{(control) => <textarea ref={ref} {...control} {...textarea} />}</FieldFrame>;
}
