import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/calendar/')({
  component: () => <ComingSoon title="Calendar" description="Games, practices and meetings for every team." />,
});
