import { ROSTER_COLUMNS } from '@fieldhouse/shared';
import { CsvImportWizard } from '../../../components/csv-import-wizard.tsx';
import { importRoster } from '../api/roster-import.ts';
import { usersKeys } from '../api/users-queries.ts';

const TEMPLATE = `${ROSTER_COLUMNS.join(',')}\nAva,Martinez,ava.martinez@students.example,2010-05-14,(217) 555-0101,Girls Varsity Basketball,12,Maria,Martinez,maria.martinez@example.org,(217) 555-0102,Mother\n`;

/** Roster import: pick a CSV, see every row checked, then import all of it at once. */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportWizard
      opened={opened}
      onClose={onClose}
      importCsv={importRoster}
      queryKey={usersKeys.all}
      title="Import a roster"
      dropTitle="Drop a roster CSV here, or click to choose one"
      dropHint="One athlete per row, with their team and a guardian. Nothing is saved until you confirm."
      columns={ROSTER_COLUMNS}
      template={{ csv: TEMPLATE, fileName: 'roster-template.csv' }}
      shownColumns={['firstName', 'lastName', 'email', 'team', 'guardianEmail']}
      readyText="Athletes, guardians and team places will be created, and everyone is invited by e-mail."
      doneText={(result) => `${result.created.memberships} team places filled. Invites are on their way.`}
    />
  );
}
