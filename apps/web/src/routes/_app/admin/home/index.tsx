import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/admin/home/')({
  component: () => <ComingSoon title="Admin" description="Organizations, identity and system settings." />,
});
