/**
 * A busy indicator with its text for screen readers and, when `label` is visible, for everyone: a `status` region, so
 * that assistive technology announces it. The ring stops turning for visitors who ask for reduced motion.
 */
export function Spinner({
  label,
  visibleLabel = false,
  className,
  ringClassName,
}: {
  label: string;
  visibleLabel?: boolean;
  className: string;
  ringClassName: string;
}) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center ${className}`}>
      <span
        aria-hidden="true"
        className={`animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none ${ringClassName}`}
      />
      <span className={visibleLabel ? 'text-sm font-medium text-slate-600' : 'sr-only'}>{label}</span>
    </div>
  );
}
