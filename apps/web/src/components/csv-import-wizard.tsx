import { applyMapping, type ImportField, MAX_IMPORT_ROWS, matchColumns, parseCsv, toCsvLine } from '@fieldhouse/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { type ConflictChoice, CsvImportConflicts } from './csv-import-conflicts.tsx';
import { CsvRowIssues } from './csv-row-issues.tsx';

/** What every import answers: a check of each row (numbered as in the spreadsheet) and a summary. */
export type CsvImportResult = {
  totalRows: number;
  validRows: number;
  /** `conflicts`: a valid row that double-books (schedule import); the director imports or skips those. */
  rows: { row: number; errors: string[]; conflicts?: string[] }[];
};
export type MappedRow = { row: number; values: Record<string, string> };

export type CsvImportWizardProps<R extends CsvImportResult> = {
  opened: boolean;
  onClose: () => void;
  /** Checks mapped rows (dryRun) or imports the valid ones; bad rows come back in the result. */
  importRows: (
    rows: MappedRow[],
    dryRun: boolean,
    options: { skipConflicts: boolean },
  ) => Promise<{ message: string; result: R }>;
  /** The fields a file is mapped to, with the headers that usually mean them. */
  fields: readonly ImportField[];
  /** Invalidated after an import. */
  queryKey: QueryKey;
  title: string;
  dropTitle: string;
  dropHint: string;
  template: { csv: string; fileName: string };
  /** The fields that name a row in the error list (e.g. first and last name). */
  nameFields: string[];
  /** Rows per request while importing: the progress bar moves once per part. */
  chunkSize: number;
  readyText: string;
  doneText: (results: R[]) => ReactNode;
};

type FileState = { name: string; header: string[]; lines: string[][] };
type Rejected = { row: number; errors: string[] };

const NOT_MAPPED = '__none__';
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The file's cells plus an Errors column, for the rows that were not imported. */
function rejectedCsv(file: FileState, rejected: Rejected[]) {
  const lines = [toCsvLine([...file.header, 'Errors'])];
  for (const r of [...rejected].sort((a, b) => a.row - b.row)) {
    const cells = file.lines[r.row - 2] ?? [];
    lines.push(toCsvLine([...file.header.map((_, i) => cells[i] ?? ''), r.errors.join('; ')]));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Import in four steps: choose a file; match its columns to our fields (common headers are
 * matched for you); see every error of every row at once; import the valid rows with a progress
 * bar and download the rejected ones to fix.
 */
export function CsvImportWizard<R extends CsvImportResult>(props: CsvImportWizardProps<R>) {
  const { opened, onClose, importRows, fields, template } = props;
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<FileState | null>(null);
  const [mapping, setMapping] = useState<Record<string, number>>({});
  const [check, setCheck] = useState<{ message: string; result: R } | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<R[]>([]);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [conflictChoice, setConflictChoice] = useState<ConflictChoice>('import');

  const reset = () => {
    setStep(0);
    setFile(null);
    setCheck(null);
    setProgress(null);
    setResults([]);
    setRejected([]);
    setConflictChoice('import');
  };
  const close = () => {
    if (progress && step === 2) return; // an import in progress finishes first
    reset();
    onClose();
  };

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const [header, ...lines] = parseCsv(await picked.text());
    if (!header || lines.length === 0) {
      toast.error('That file has no rows under its header. Choose a CSV with one row per line.');
      return;
    }
    if (lines.length > MAX_IMPORT_ROWS) {
      toast.error(
        `That file has ${plural(lines.length, 'row')}; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at once.`,
      );
      return;
    }
    const cleanHeader = header.map((h) => h.trim());
    setFile({ name: picked.name, header: cleanHeader, lines });
    setMapping(matchColumns(cleanHeader, fields));
    setStep(1);
  };

  const mappedRows = (): MappedRow[] =>
    file
      ? applyMapping(file.lines, mapping).map((values, i) => ({
          row: i + 2,
          values: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
        }))
      : [];

  const runCheck = async () => {
    setChecking(true);
    try {
      const value = await importRows(mappedRows(), true, { skipConflicts: false });
      setCheck(value);
      setStep(2);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The file could not be checked.');
    } finally {
      setChecking(false);
    }
  };

  const runImport = async () => {
    if (!check || !file) return;
    const skip = conflictChoice === 'skip';
    const skipped = skip ? conflicting.map((r) => ({ row: r.row, errors: r.conflicts })) : [];
    const bad = new Set([...invalid, ...skipped].map((r) => r.row));
    const valid = mappedRows().filter((r) => !bad.has(r.row));
    const done: R[] = [];
    const lost: Rejected[] = [...invalid, ...skipped];
    setProgress({ done: 0, total: valid.length });
    try {
      for (let i = 0; i < valid.length; i += props.chunkSize) {
        const part = valid.slice(i, i + props.chunkSize);
        const { result } = await importRows(part, false, { skipConflicts: skip });
        done.push(result);
        // Rows that became invalid since the check (someone added the same person meanwhile).
        lost.push(...result.rows.filter((r) => r.errors.length));
        // Skipping: rows that came to conflict since the check were left out by the server too.
        if (skip) {
          lost.push(
            ...result.rows
              .filter((r) => !r.errors.length && r.conflicts?.length)
              .map((r) => ({ row: r.row, errors: r.conflicts ?? [] })),
          );
        }
        setProgress({ done: Math.min(i + part.length, valid.length), total: valid.length });
      }
    } catch (error) {
      toast.error(
        `${error instanceof Error ? error.message : 'The import stopped'}. The rows before it were imported; choose the file again to import the rest.`,
      );
    } finally {
      setResults(done);
      setRejected(lost);
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: props.queryKey });
      if (done.length) setStep(3);
    }
  };

  const invalid = check ? check.result.rows.filter((r) => r.errors.length) : [];
  const conflicting = (check?.result.rows ?? []).flatMap((r) =>
    !r.errors.length && r.conflicts?.length ? [{ row: r.row, conflicts: r.conflicts }] : [],
  );
  const checkedValid = check ? check.result.totalRows - invalid.length : 0;
  const validCount = checkedValid - (conflictChoice === 'skip' ? conflicting.length : 0);
  const missingRequired = fields.filter((f) => f.required && (mapping[f.key] ?? -1) < 0);
  const usedColumns = new Set(Object.values(mapping));
  const unusedHeaders = file?.header.filter((h, i) => h && !usedColumns.has(i)) ?? [];
  const example = (index: number) => file?.lines.find((l) => (l[index] ?? '').trim() !== '')?.[index] ?? '';
  const rowName = (row: number) => {
    const cells = file?.lines[row - 2] ?? [];
    return props.nameFields
      .map((key) => cells[mapping[key] ?? -1] ?? '')
      .filter(Boolean)
      .join(' ');
  };
  const rejectedName = file ? `${file.name.replace(/\.csv$/i, '')}-rejected.csv` : 'rejected.csv';

  return (
    <Modal opened={opened} onClose={close} title={props.title} size="xl" centered>
      <Stepper active={step} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label="Choose file" />
        <Stepper.Step label="Match columns" />
        <Stepper.Step label="Check rows" />
        <Stepper.Step label="Done" />
      </Stepper>

      {step === 0 && (
        <Stack>
          <Dropzone
            onDrop={([picked]) => void pick(picked)}
            onReject={() => toast.error('Choose one CSV file of at most 5 MB')}
            accept={['text/csv', 'application/vnd.ms-excel', '.csv']}
            maxSize={5 * 1024 * 1024}
            maxFiles={1}
          >
            <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
              <IconFileSpreadsheet size={48} stroke={1.3} />
              <Stack gap={4}>
                <Text size="lg" fw={600}>
                  {props.dropTitle}
                </Text>
                <Text size="sm" c="dimmed">
                  {props.dropHint}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          <Text size="sm" c="dimmed">
            Any column names work: you match them to Fieldhouse’s fields next. Up to{' '}
            {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; dates like 4/15/2010 or 2010-04-15.{' '}
            <Anchor
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(template.csv)}`}
              download={template.fileName}
            >
              Download a template
            </Anchor>
          </Text>
        </Stack>
      )}

      {step === 1 && file && (
        <Stack>
          <Text size="sm">
            <b>{file.name}</b> · {plural(file.lines.length, 'row')}. We matched{' '}
            {plural(fields.filter((f) => (mapping[f.key] ?? -1) >= 0).length, 'field')} from its headers; check them and
            change any that are wrong.
          </Text>
          <ScrollArea.Autosize mah={380}>
            <Table verticalSpacing={6} fz="sm" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fieldhouse field</Table.Th>
                  <Table.Th>Column in your file</Table.Th>
                  <Table.Th visibleFrom="sm">Example</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field) => {
                  const index = mapping[field.key] ?? -1;
                  return (
                    <Table.Tr key={field.key}>
                      <Table.Td>
                        <Text size="sm" fw={field.required ? 600 : 400}>
                          {field.label}
                          {field.required && (
                            <Text span c="red" aria-hidden>
                              {' '}
                              *
                            </Text>
                          )}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={200}>
                        <Select
                          size="xs"
                          aria-label={`Column for ${field.label}`}
                          data={[
                            { value: NOT_MAPPED, label: 'Not in my file' },
                            ...file.header.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
                          ]}
                          value={index >= 0 ? String(index) : NOT_MAPPED}
                          allowDeselect={false}
                          error={field.required && index < 0 ? 'Required' : undefined}
                          onChange={(value) =>
                            setMapping((m) => {
                              const column = value && value !== NOT_MAPPED ? Number(value) : -1;
                              const next = { ...m, [field.key]: column };
                              // One column feeds one field: the field that had it lets go.
                              for (const other of fields) {
                                if (other.key !== field.key && column >= 0 && next[other.key] === column) {
                                  next[other.key] = -1;
                                }
                              }
                              return next;
                            })
                          }
                        />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="xs" c="dimmed" truncate maw={200}>
                          {index >= 0 ? example(index) : '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {unusedHeaders.length > 0 && (
            <Text size="xs" c="dimmed">
              Not imported: {unusedHeaders.join(', ')}
            </Text>
          )}
          {checking && (
            <Progress value={100} animated striped aria-label={`Checking ${plural(file.lines.length, 'row')}`} />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={reset}>
              Choose another file
            </Button>
            <Button disabled={missingRequired.length > 0} loading={checking} onClick={() => void runCheck()}>
              Check {plural(file.lines.length, 'row')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 2 && file && check && (
        <Stack>
          <Alert
            color={invalid.length ? 'yellow' : 'green'}
            variant="light"
            icon={invalid.length ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />}
            title={
              invalid.length
                ? `${plural(checkedValid, 'row')} ready · ${plural(invalid.length, 'row')} ${invalid.length === 1 ? 'needs' : 'need'} fixing`
                : `All ${plural(check.result.totalRows, 'row')} are ready`
            }
          >
            {invalid.length
              ? `Import the ${plural(checkedValid, 'valid row')} now and fix the others later: download them, correct them in your spreadsheet and import that file.`
              : props.readyText}
          </Alert>
          {invalid.length > 0 && (
            <Paper withBorder radius="md" p={0}>
              <Group justify="space-between" px="md" py="xs">
                <Text fw={600} size="sm">
                  Rows to fix
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => download(rejectedCsv(file, invalid), rejectedName)}
                >
                  Download these rows
                </Button>
              </Group>
              <CsvRowIssues
                rows={invalid.map((r) => ({ row: r.row, issues: r.errors }))}
                rowName={rowName}
                color="red"
                testId="row-error"
                maxHeight={300}
              />
            </Paper>
          )}
          {conflicting.length > 0 && (
            <CsvImportConflicts
              rows={conflicting}
              rowName={rowName}
              choice={conflictChoice}
              onChoice={setConflictChoice}
              disabled={progress !== null}
            />
          )}
          {progress && (
            <Stack gap={4}>
              <Progress
                value={progress.total ? (progress.done / progress.total) * 100 : 100}
                aria-label="Import progress"
                transitionDuration={200}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                Imported {progress.done.toLocaleString('en-US')} of {plural(progress.total, 'row')}…
              </Text>
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="default" disabled={progress !== null} onClick={() => setStep(1)}>
              Back to columns
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={validCount === 0}
              loading={progress !== null}
              onClick={() => void runImport()}
            >
              {invalid.length ? `Import the ${plural(validCount, 'valid row')}` : `Import ${plural(validCount, 'row')}`}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 3 && file && (
        <Stack align="center" py="lg" gap="sm">
          <ThemeIcon size={48} radius="xl" color="green" variant="light">
            <IconCheck size={28} />
          </ThemeIcon>
          <Text fw={700} size="lg" ta="center">
            {props.doneText(results)}
          </Text>
          {rejected.length > 0 && (
            <Stack align="center" gap={4}>
              <Text c="dimmed" size="sm" ta="center">
                {plural(rejected.length, 'row')} {rejected.length === 1 ? 'was' : 'were'} not imported.
              </Text>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => download(rejectedCsv(file, rejected), rejectedName)}
              >
                Download the rejected rows
              </Button>
            </Stack>
          )}
          <Button onClick={close} mt="sm">
            Done
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
