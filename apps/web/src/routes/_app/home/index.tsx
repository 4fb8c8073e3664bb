import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/home/')({
  component: () => (
    <ComingSoon title="Home" description="Today's events, unread messages and what needs your attention." />
  ),
});
