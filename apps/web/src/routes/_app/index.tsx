import { createFileRoute } from '@tanstack/react-router';
import { loadHome } from '../../features/home/api/home-loader.ts';
import { HomeScreen } from './-home-screen.tsx';

export const Route = createFileRoute('/_app/')({
  loader: ({ context }) => loadHome(context),
  component: HomeScreen,
});
