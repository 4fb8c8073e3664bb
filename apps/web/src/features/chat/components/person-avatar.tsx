import type { PresenceStatus } from '@fieldhouse/client/chat/realtime/presence-store.ts';
import { ProtectedAvatar } from '@fieldhouse/client/protected-avatar.tsx';
import { Indicator, type MantineSize } from '@mantine/core';

const PRESENCE_COLOR: Record<PresenceStatus, string> = { online: 'teal', away: 'yellow', offline: 'gray' };
/** Initials colours whose light variant reads at 4.5:1 (lime, yellow, orange, green and teal do not). */
const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'pink', 'red', 'violet'];
export const PRESENCE_LABEL: Record<PresenceStatus, string> = { online: 'Online', away: 'Away', offline: 'Offline' };

type Props = {
  firstName: string;
  lastName?: string | null | undefined;
  userImage?: string | null | undefined;
  presence?: PresenceStatus | undefined;
  size?: MantineSize | number;
};

/** A person's avatar (photo or initials), with a presence dot when presence is known. */
export function PersonAvatar({ firstName, lastName, userImage, presence, size = 'md' }: Props) {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  const avatar = (
    <ProtectedAvatar
      src={userImage || null}
      name={name}
      color="initials"
      allowedInitialsColors={INITIALS_COLORS}
      size={size}
      alt={name}
    />
  );
  if (!presence) return avatar;
  return (
    <Indicator
      color={PRESENCE_COLOR[presence]}
      size={11}
      offset={5}
      position="bottom-end"
      withBorder
      aria-label={PRESENCE_LABEL[presence]}
      processing={false}
    >
      {avatar}
    </Indicator>
  );
}
