/** What both dropdown implementations (select.h5.tsx, select.weapp.tsx) share. */
export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string | number> {
  label: string;
  value: V;
  options: SelectOption<V>[];
  onChange: (value: V) => void;
  testId?: string;
  className?: string;
}
