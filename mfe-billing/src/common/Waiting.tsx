import { Spinner } from '@lipcast/ui';

/** A spinner with its text: the text is the spinner's accessible name, so it is read once. */
export function Waiting({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
