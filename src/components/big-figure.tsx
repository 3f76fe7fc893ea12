interface BigFigureProps {
  value: string;
  label: string;
  dark?: boolean;
  size?: 'lg' | 'xl';
}

/**
 * A number set large with its short label under it. The value and label are separate lines visually, but read as one
 * phrase ("15+ hours saved weekly").
 */
export function BigFigure({ value, label, dark = false, size = 'lg' }: BigFigureProps) {
  const valueSize = size === 'xl' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl';
  return (
    <p className="flex flex-col">
      <span
        className={`${valueSize} font-bold tracking-tight whitespace-nowrap tabular-nums ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {value}
      </span>{' '}
      <span className={`mt-1 text-sm sm:text-base ${dark ? 'text-brand-100' : 'text-slate-600'}`}>
        {label}
      </span>
    </p>
  );
}
