import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/auth/unauthorized')({
  component: () => <ComingSoon title="Not authorized" description="This account cannot use the Fieldhouse web app." />,
});
