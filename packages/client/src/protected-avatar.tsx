import { Avatar, type AvatarProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useProtectedImage } from './protected-image.ts';

type Props = AvatarProps & Omit<ComponentPropsWithoutRef<'div'>, keyof AvatarProps>;

/** Mantine's Avatar for a person's `userImage`: an uploaded photo is read with the bearer token. */
export function ProtectedAvatar({ src, ...props }: Props) {
  const image = useProtectedImage(src);
  return <Avatar {...props} src={image.src} />;
}
