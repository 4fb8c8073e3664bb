import { Center, Stack, Text } from '@mantine/core';
import { Logo } from './logo.tsx';
import classes from './splash-screen.module.css';

/** Full-screen animated logo while the auth state loads (SPEC §2: at least 2000 ms). */
export function SplashScreen() {
  return (
    <Center h="100vh" className={classes.root} role="status" aria-label="Loading Fieldhouse">
      <Stack align="center" gap="md">
        <div className={classes.logo}>
          <Logo size={88} />
        </div>
        <Text fw={700} size="xl" className={classes.word}>
          Fieldhouse
        </Text>
      </Stack>
    </Center>
  );
}
