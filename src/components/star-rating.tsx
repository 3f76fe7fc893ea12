import { Star } from 'lucide';
import { Icon } from './icon.tsx';

/** Filled stars out of `max`, announced as one phrase ("Rated 5 out of 5"). */
export function StarRating({ rating, max, label }: { rating: number; max: number; label: string }) {
  return (
    <p className="flex items-center gap-0.5" role="img" aria-label={label}>
      {Array.from({ length: max }, (_, index) => (
        <Icon
          icon={Star}
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={index}
          className={`size-4 ${index < Math.round(rating) ? 'fill-accent-400 text-accent-500' : 'fill-slate-200 text-slate-300'}`}
        />
      ))}
    </p>
  );
}
