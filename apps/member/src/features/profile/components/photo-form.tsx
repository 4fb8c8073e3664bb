import { isProtectedImage, useProtectedImage } from '@fieldhouse/client/protected-image.ts';
import { type MyProfile, PROFILE_PHOTO } from '@fieldhouse/shared';
import { Alert, Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useRemovePhoto, useUploadPhoto } from '../api/photo.ts';

const MAX_MB = PROFILE_PHOTO.maxBytes / (1024 * 1024);
const ACCEPT = PROFILE_PHOTO.types.join(',');
/** Initials colours whose light variant reads at 4.5:1, as in the admin app's avatars. */
const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'pink', 'red', 'violet'];

/** Why a chosen file cannot be my photo, before it is sent (the server checks its bytes again). */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO.types as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG or WebP image (a photo from your camera or gallery).';
  if (file.size > PROFILE_PHOTO.maxBytes) return `That image is larger than ${MAX_MB} MB. Choose a smaller one.`;
  return null;
}

/**
 * Whether the browser can draw the file: a damaged or mislabelled file is caught here, before a
 * preview of it (a broken blob image) or an upload the server would refuse anyway.
 */
async function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** My photo (or initials): choose a new one, with upload progress, or remove it. */
export function PhotoForm({ profile }: { profile: MyProfile }) {
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPhoto(setProgress);
  const remove = useRemovePhoto();
  const photo = useProtectedImage(profile.userImage);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');

  // The chosen file shows at once while it uploads; its blob URL is released when replaced.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const problem = photoProblem(file);
    if (problem) return setError(problem);
    if (!(await decodes(file))) return setError('That file is not a picture this phone can open. Choose another.');
    setProgress(0);
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success('Photo saved'),
      onError: (e) => setError(`Your photo was not saved: ${e.message}`),
      onSettled: () => setPreview(null),
    });
  };
  const removePhoto = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Photo removed'),
      onError: (e) => setError(`Your photo was not removed: ${e.message}`),
    });
  };
  const src = preview ?? photo.src;
  const busy = upload.isPending || remove.isPending;
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={src}
          name={name}
          color="initials"
          allowedInitialsColors={INITIALS_COLORS}
          size={88}
          radius="50%"
          alt={src ? `Photo of ${name}` : undefined}
          // Initials are a picture of the person too: named as one, not read letter by letter.
          role={src ? undefined : 'img'}
          aria-label={src ? undefined : `${name}: no photo`}
          data-testid="profile-photo"
          data-photo={src ? 'shown' : 'initials'}
          style={{ opacity: upload.isPending ? 0.6 : 1, flexShrink: 0 }}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <FileButton onChange={(file) => void choose(file)} accept={ACCEPT} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                size="md"
                variant="light"
                leftSection={<IconPhotoUp size={18} aria-hidden="true" />}
                loading={upload.isPending}
              >
                {profile.userImage ? 'Change photo' : 'Add a photo'}
              </Button>
            )}
          </FileButton>
          {profile.userImage && (
            <Button
              size="md"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={removePhoto}
              loading={remove.isPending}
              disabled={upload.isPending}
            >
              Remove photo
            </Button>
          )}
        </Stack>
      </Group>
      {upload.isPending ? (
        <Stack gap={4}>
          <Progress value={progress * 100} size="md" aria-label="Uploading your photo" animated={progress >= 1} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress >= 1 ? 'Saving…' : `Uploading… ${Math.round(progress * 100)}%`}
          </Text>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, up to {MAX_MB} MB. People at your school see it beside your name.
        </Text>
      )}
      {photo.failed && profile.userImage && isProtectedImage(profile.userImage) && !preview && (
        <Text size="sm" c="dimmed">
          Your photo could not be loaded just now; your initials show instead.
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
