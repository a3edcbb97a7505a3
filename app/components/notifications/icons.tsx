import type { NotificationType } from "#contract/coins";
import {
  CheckIcon,
  ClockIcon,
  CloseIcon,
  Icon,
  ShieldIcon,
  SwordsIcon,
  TrophyIcon,
  type IconProps,
} from "../icons";

/** Icons only the notifications use, drawn like the shared ones in components/icons.tsx. */

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15ZM10 20.5a2.2 2.2 0 0 0 4 0" />
  </Icon>
);

/** The icon of a kind of notification (SPEC.md §3 Notification type). */
export function NotificationTypeIcon({
  type,
  ...p
}: IconProps & { type: NotificationType }) {
  switch (type) {
    case "challenge_accepted":
      return <CheckIcon {...p} />;
    case "challenge_result":
    case "tournament_prize":
      return <TrophyIcon {...p} />;
    case "challenge_expired":
      return <ClockIcon {...p} />;
    case "challenge_declined":
      return <CloseIcon {...p} />;
    case "moderation":
      return <ShieldIcon {...p} />;
    default:
      return <SwordsIcon {...p} />;
  }
}
