/** A failure, in a toast or in a dialog: the spec’s words first, then what the server said, when it said more. */
export function FailureMessage({ title, detail }: { title: string; detail?: string }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      {detail && detail !== title ? <p className="mt-0.5 text-sm">{detail}</p> : null}
    </div>
  );
}
