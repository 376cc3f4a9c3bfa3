import type { DatePickerProps } from './date-picker-core';

export * from './date-picker-core';

/** Browsers: the native date or time input (its own calendar and clock, keyboard entry, min and max). */
export function DatePicker({ mode, value, start, end, placeholder, label, onChange, testId, className }: DatePickerProps) {
  return (
    <input
      type={mode}
      className={className}
      data-testid={testId}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      min={mode === 'date' ? start : undefined}
      max={mode === 'date' ? end : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
