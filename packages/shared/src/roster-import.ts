/**
 * The roster import's contract: the fields a school's spreadsheet is mapped to (with the headers
 * that usually mean them), the rows the web sends after the mapping step, and the answer.
 */
import { z } from 'zod';
import { type ImportField, importRowSchema, MAX_IMPORT_ROWS } from './import-columns.ts';

export const ROSTER_FIELDS = [
  {
    key: 'firstName',
    label: 'First name',
    required: true,
    aliases: ['first', 'given name', 'fname', 'student first name', 'athlete first name', 'first name student'],
  },
  {
    key: 'lastName',
    label: 'Last name',
    required: true,
    aliases: ['last', 'surname', 'family name', 'lname', 'student last name', 'athlete last name'],
  },
  {
    key: 'email',
    label: 'E-mail',
    required: true,
    aliases: ['email', 'email address', 'student email', 'athlete email', 'student e-mail', 'school email'],
  },
  { key: 'dateOfBirth', label: 'Date of birth', aliases: ['dob', 'birth date', 'birthdate', 'birthday', 'born'] },
  {
    key: 'graduationYear',
    label: 'Graduation year',
    aliases: ['grad year', 'grad', 'class', 'class of', 'year of graduation', 'graduation', 'cohort'],
  },
  { key: 'grade', label: 'Grade', aliases: ['grade level', 'gr', 'year in school'] },
  {
    key: 'contactNumber',
    label: 'Phone',
    aliases: [
      'phone',
      'phone number',
      'cell',
      'cell phone',
      'mobile',
      'student phone',
      'student cell',
      'contact number',
    ],
  },
  { key: 'team', label: 'Team', aliases: ['team name', 'sport team', 'roster'] },
  {
    key: 'jerseyNumber',
    label: 'Jersey number',
    aliases: ['jersey', 'jersey #', 'jersey no', 'number', '#', 'no', 'uniform', 'uniform number', 'uniform #'],
  },
  { key: 'position', label: 'Position', aliases: ['pos'] },
  {
    key: 'guardianFirstName',
    label: 'Guardian first name',
    aliases: ['parent first name', 'parent 1 first name', 'guardian 1 first name', 'parent/guardian first name'],
  },
  {
    key: 'guardianLastName',
    label: 'Guardian last name',
    aliases: ['parent last name', 'parent 1 last name', 'guardian 1 last name', 'parent/guardian last name'],
  },
  {
    key: 'guardianName',
    label: 'Guardian full name',
    aliases: ['parent name', 'parent', 'guardian', 'parent 1', 'parent 1 name', 'guardian 1 name', 'parent/guardian'],
  },
  {
    key: 'guardianEmail',
    label: 'Guardian e-mail',
    aliases: [
      'parent email',
      'parent e-mail',
      'parent 1 email',
      'guardian 1 email',
      'parent/guardian email',
      'parent email address',
    ],
  },
  {
    key: 'guardianPhone',
    label: 'Guardian phone',
    aliases: ['parent phone', 'parent cell', 'parent 1 phone', 'parent 1 cell', 'guardian 1 phone', 'guardian cell'],
  },
  {
    key: 'guardianRelationship',
    label: 'Guardian relationship',
    aliases: ['relationship', 'parent relationship', 'parent 1 relationship', 'relation'],
  },
  {
    key: 'guardian2FirstName',
    label: 'Second guardian first name',
    aliases: ['parent 2 first name', 'guardian 2 first name'],
  },
  {
    key: 'guardian2LastName',
    label: 'Second guardian last name',
    aliases: ['parent 2 last name', 'guardian 2 last name'],
  },
  {
    key: 'guardian2Name',
    label: 'Second guardian full name',
    aliases: ['parent 2', 'parent 2 name', 'guardian 2 name'],
  },
  { key: 'guardian2Email', label: 'Second guardian e-mail', aliases: ['parent 2 email', 'guardian 2 email'] },
  {
    key: 'guardian2Phone',
    label: 'Second guardian phone',
    aliases: ['parent 2 phone', 'parent 2 cell', 'guardian 2 phone'],
  },
  {
    key: 'guardian2Relationship',
    label: 'Second guardian relationship',
    aliases: ['parent 2 relationship', 'guardian 2 relationship'],
  },
] as const satisfies readonly ImportField[];

export type RosterFieldKey = (typeof ROSTER_FIELDS)[number]['key'];

/** The columns of the template (and what an exact-header file uses). */
export const ROSTER_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'graduationYear',
  'contactNumber',
  'team',
  'jerseyNumber',
  'guardianFirstName',
  'guardianLastName',
  'guardianEmail',
  'guardianPhone',
  'guardianRelationship',
] as const satisfies readonly RosterFieldKey[];

const cell = z.string().max(500, 'A cell has at most 500 characters').optional();

export const rosterRowValuesSchema = z
  .object({
    firstName: cell,
    lastName: cell,
    email: cell,
    dateOfBirth: cell,
    graduationYear: cell,
    grade: cell,
    contactNumber: cell,
    team: cell,
    jerseyNumber: cell,
    position: cell,
    guardianFirstName: cell,
    guardianLastName: cell,
    guardianName: cell,
    guardianEmail: cell,
    guardianPhone: cell,
    guardianRelationship: cell,
    guardian2FirstName: cell,
    guardian2LastName: cell,
    guardian2Name: cell,
    guardian2Email: cell,
    guardian2Phone: cell,
    guardian2Relationship: cell,
  } satisfies Record<RosterFieldKey, typeof cell>)
  .strict();
export type RosterRowValues = z.infer<typeof rosterRowValuesSchema>;

/**
 * `POST /user/import/rows`: the mapped rows. A check (`dryRun`) reports every error of every
 * row; an import writes the valid rows and reports the others (the web sends the file in parts
 * for its progress bar).
 */
export const rosterImportRowsSchema = z
  .object({
    rows: z.array(importRowSchema(rosterRowValuesSchema)).min(1, 'Send at least one row').max(MAX_IMPORT_ROWS),
    dryRun: z.boolean(),
  })
  .strict();
export type RosterImportRowsInput = z.infer<typeof rosterImportRowsSchema>;

export const rosterImportRowResultSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  errors: z.array(z.string()),
});
export type RosterImportRowResult = z.infer<typeof rosterImportRowResultSchema>;

export const rosterImportResultSchema = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  rows: z.array(rosterImportRowResultSchema),
  created: z.object({
    athletes: z.number().int(),
    guardians: z.number().int(),
    memberships: z.number().int(),
  }),
});
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;
