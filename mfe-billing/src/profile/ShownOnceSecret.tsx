import { useId, type ReactNode } from 'react';
import { Button, Input, Label } from '@lipcast/ui';
import { toast } from '@lipcast/web-kit';

/**
 * A secret the server shows this once (a new API key, a webhook signing secret): the warning, the
 * secret in a read-only field with its Copy button, and "I have copied it" to put it away.
 */
export function ShownOnceSecret({
  warning,
  label,
  value,
  copiedTitle,
  notCopiedTitle,
  onDone,
}: {
  warning: ReactNode;
  /** The field's label, also its accessible name. */
  label: string;
  value: string;
  /** The toasts after Copy, done or refused by the browser. */
  copiedTitle: string;
  notCopiedTitle: string;
  onDone: () => void;
}) {
  const valueId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: copiedTitle, variant: 'success' });
    } catch {
      toast({ title: notCopiedTitle, description: 'Select it and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{warning}</p>
      <Label htmlFor={valueId}>{label}</Label>
      <div className="flex gap-2">
        <Input id={valueId} readOnly value={value} className="min-w-0 font-mono" onFocus={(event) => event.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <Button type="button" variant="ghost" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
