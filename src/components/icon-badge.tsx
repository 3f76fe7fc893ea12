import type { IconNode } from 'lucide';
import { Icon } from './icon.tsx';

/**
 * An icon centred in a badge, round or (`square`) with rounded corners: `className` gives the badge's size and
 * colours, `iconClassName` the icon's size.
 */
export function IconBadge({
  icon,
  className,
  iconClassName,
  square = false,
}: {
  icon: IconNode;
  className: string;
  iconClassName: string;
  square?: boolean;
}) {
  return (
    <span className={`grid place-items-center ${square ? 'rounded-xl' : 'rounded-full'} ${className}`}>
      <Icon icon={icon} className={iconClassName} />
    </span>
  );
}
