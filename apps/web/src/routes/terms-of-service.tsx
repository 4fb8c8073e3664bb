import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/terms-of-service')({
  component: () => <ComingSoon title="Terms of Service" description="The terms under which schools use Fieldhouse." />,
});
