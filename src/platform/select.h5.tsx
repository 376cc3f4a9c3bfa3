import type { SelectProps } from './select-core';

export * from './select-core';

/** Browsers: a labelled native <select> (keyboard and mouse work as everywhere, and a big screen needs no wheel picker). */
export function Select<V extends string | number>({ label, value, options, onChange, testId, className }: SelectProps<V>) {
  return (
    <label className={className}>
      <span className={className ? `${className}__label` : undefined}>{label}</span>
      <select
        className={className ? `${className}__select` : undefined}
        data-testid={testId}
        aria-label={label}
        value={String(value)}
        onChange={(e) => onChange(options[e.currentTarget.selectedIndex].value)}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
