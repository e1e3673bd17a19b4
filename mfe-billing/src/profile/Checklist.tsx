/**
 * A fieldset of checkboxes, one a value (an API key's scopes, a webhook's events), each shown as
 * `<code>value</code>: what it means`.
 */
export function Checklist<T extends string>({
  legend,
  options,
  descriptions,
  checked,
  onChange,
  className,
}: {
  legend: string;
  options: readonly T[];
  descriptions: Record<T, string>;
  checked: T[];
  onChange: (checked: T[]) => void;
  className: string;
}) {
  const toggle = (option: T, on: boolean) => onChange(on ? [...checked, option] : checked.filter((held) => held !== option));

  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-neutral-800">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5" checked={checked.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
          <span>
            <code>{option}</code>: {descriptions[option]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
