import { messagesSearchSchema } from '@fieldhouse/shared';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/messages/')({
  validateSearch: messagesSearchSchema,
  component: () => <ComingSoon title="Messages" description="Chat with coaches, athletes and guardians." />,
});
