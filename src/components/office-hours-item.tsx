import { Clock } from 'lucide';
import { officeHours } from '../content/office-hours.ts';
import { Icon } from './icon.tsx';

/** "Office hours: …" after a clock icon, as one item of a list of contact details (the footer, the booking card). */
export function OfficeHoursItem({ className, iconClassName }: { className: string; iconClassName: string }) {
  return (
    <li className={className}>
      <Icon icon={Clock} className={iconClassName} />
      <span>{`${officeHours.label}: ${officeHours.text}`}</span>
    </li>
  );
}
