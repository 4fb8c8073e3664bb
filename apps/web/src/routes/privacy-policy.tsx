import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../components/public-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <PublicPage title="Privacy Policy" updated="November 1, 2026">
      <p>
        Fieldhouse handles information about students and their families on behalf of schools. This policy explains what
        we keep, why, and the choices schools and families have. We act as a "school official" under FERPA and follow
        the School's instructions for student records.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>Account details: name, school e-mail, role, phone number and profile photo if one is added.</li>
        <li>Athletics records the School enters: teams, rosters, jersey numbers, guardians and schedules.</li>
        <li>Messages and files exchanged in Fieldhouse chats, with their time and delivery state.</li>
        <li>Security records: sign-in times, failed attempts and the device's network address, to protect accounts.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Only to run Fieldhouse for the School: show rosters and schedules, deliver messages and notifications, and keep
        accounts secure. We never sell personal information, never use it for advertising, and never build profiles of
        students.
      </p>
      <h2>Who can see it</h2>
      <p>
        Within a school, access follows roles: administrators see their organization; coaches, athletes and guardians
        see their own teams and conversations. Schools never see each other's data. Our staff reach School data only to
        support the School, and every such access is logged.
      </p>
      <h2>Security</h2>
      <p>
        Passwords are never stored in readable form; sign-in tokens expire after an hour; data travels encrypted; and
        accounts lock for a while after repeated wrong passwords.
      </p>
      <h2>Keeping and deleting</h2>
      <p>
        The School decides how long records are kept. Removed accounts are deactivated at once and their personal data
        is deleted or anonymized on the School's request or when the School leaves Fieldhouse.
      </p>
      <h2>Your choices</h2>
      <p>
        Parents and eligible students may ask the School to see, correct or delete their records. The School answers
        such requests with our help.
      </p>
    </PublicPage>
  ),
});
