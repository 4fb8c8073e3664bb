import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => <ComingSoon title="Privacy Policy" description="How Fieldhouse handles student and family data." />,
});
