/** What both date/time pickers (date-picker.h5.tsx, date-picker.weapp.tsx) share. */
export interface DatePickerProps {
  mode: 'date' | 'time';
  /** YYYY-MM-DD or HH:mm; '' for none chosen. */
  value: string;
  /** The first and last choosable date (YYYY-MM-DD); dates only. */
  start?: string;
  end?: string;
  /** Shown while nothing is chosen. */
  placeholder: string;
  label: string;
  onChange: (value: string) => void;
  testId?: string;
  className?: string;
}
