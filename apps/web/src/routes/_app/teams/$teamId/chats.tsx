import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/teams/$teamId/chats')({
  component: () => <ComingSoon title="Team chats" description="This team's chat rooms." />,
});
